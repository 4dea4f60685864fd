import { defineConfig } from 'vitest/config';

// `npm run eval`: the quality measurements (eval/*.eval.ts) on the same fresh-database setup as the
// server suite. Kept out of `npm test`: they measure, they do not pass or fail on a figure.
export default defineConfig({
  test: {
    name: 'eval',
    root: import.meta.dirname,
    environment: 'node',
    include: ['eval/**/*.eval.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 600_000,
    hookTimeout: 300_000,
  },
});
