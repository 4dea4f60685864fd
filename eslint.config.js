// @ts-check
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import importPlugin from 'eslint-plugin-import';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const serverModuleBoundary = "A module never imports another module's repository; call its service.";

const features = [
  'auth',
  'account',
  'chat',
  'library',
  'prompts',
  'marketplace',
  'countries',
  'courses',
  'billing',
  'onboarding',
  'integrations',
  'admin',
  'home',
  'legal',
];

export default defineConfig([
  globalIgnores([
    '**/dist/**',
    '**/node_modules/**',
    'data/**',
    '**/test-results/**',
    '**/playwright-report/**',
    'apps/server/src/db/migrations/**',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-duplicate-imports': ['error', { allowSeparateTypeImports: true }],
      'no-console': 'off',
    },
  },
  {
    // No import cycles anywhere in the apps (STYLE.md "Boundaries"); see docs/decisions/013-lint-boundaries.md.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { [fileURLToPath(new URL('./scripts/eslint/workspace-resolver.cjs', import.meta.url))]: {} },
    },
    rules: { 'import/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
    ...jsxA11y.flatConfigs.recommended,
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.flat['recommended-latest'].rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // Features never import each other; shared code lives in components/, lib/, config/.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/apps/server/**', '@compliance/server*'], message: 'The web app never imports the server.' },
          ],
        },
      ],
    },
  },
  ...features.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: features.filter((f) => f !== feature).map((f) => `**/features/${f}/**`),
              message:
                'A feature never imports another feature; move shared code to components/, lib/ or packages/shared.',
            },
          ],
        },
      ],
    },
  })),
  {
    // A module's repository is its own: other modules call its service (STYLE.md "Boundaries").
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../*/*.repository*'], message: serverModuleBoundary }] },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/db/**', 'drizzle-orm*'], message: 'Routes never touch the database; call a service.' },
            { group: ['../*/*.repository*'], message: serverModuleBoundary },
          ],
        },
      ],
    },
  },
  {
    // One admin check for the whole server: roles are compared in the access module only.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/modules/access/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "BinaryExpression[operator=/^[!=]==?$/] > Literal[value='admin']",
          message: 'Ask the access module (access.require / isAdmin) instead of comparing roles.',
        },
      ],
    },
  },
  {
    files: ['packages/shared/src/**/*.ts'],
    ignores: ['packages/shared/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        // Sibling modules (./x.ts) and zod only. (A gitignore-style group cannot express "./…": it is a regex.)
        { patterns: [{ regex: '^(?!zod$|zod/|\\./)', message: 'packages/shared depends on zod alone.' }] },
      ],
    },
  },
]);
