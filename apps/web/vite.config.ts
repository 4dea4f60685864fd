import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

// One id per build: baked into the bundle and written to /version.json, so a running tab can tell
// that a newer build has been deployed (SPEC §7, DESIGN §5).
const buildId =
  process.env.BUILD_ID ??
  `${new Date()
    .toISOString()
    .replace(/[-:.TZ]/g, '')
    .slice(0, 14)}-${randomUUID().slice(0, 8)}`;

function buildVersionFile(): Plugin {
  return {
    name: 'build-version-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'version.json',
        source: JSON.stringify({ buildId, builtAt: new Date().toISOString() }),
      });
    },
  };
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const compressible = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest|wasm)$/;

/**
 * Writes `name.br` and `name.gz` beside every compressible file of the build, at the highest
 * levels: compressed once here instead of on every request, and served by the server's
 * pre-compressed static files. Small files and those that do not shrink are left as they are.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((entry) => entry.isFile() && compressible.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name));
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(file);
          if (content.byteLength < 512) return;
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.byteLength,
              },
            }),
            gzipAsync(content, { level: zlibConstants.Z_BEST_COMPRESSION }),
          ]);
          if (br.byteLength < content.byteLength) await writeFile(`${file}.br`, br);
          if (gz.byteLength < content.byteLength) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/**
 * Appends `registerNamespaces([...])` (src/lib/i18n-namespaces.ts) to every source module that names
 * a translation namespace: in `useTranslation('ns')` / `useTranslation(['ns', …])` or as a key
 * prefix `'ns:…'`. A module registers its namespaces when it runs, so the app loads the locale files
 * of the code it has loaded, when it loads it, instead of all of them up front (issue 13).
 */
function translationNamespaces(): Plugin {
  const srcDir = fileURLToPath(new URL('./src/', import.meta.url));
  const registry = path.join(srcDir, 'lib/i18n-namespaces.ts');
  const known = new Set(
    readdirSync(path.join(srcDir, 'locales/en'))
      .filter((file) => file.endsWith('.json'))
      .map((file) => file.slice(0, -'.json'.length)),
  );
  const keyPrefix = /['"`]([a-z][a-z-]*):/g;
  const hookArguments = /useTranslation\(\s*(\[[^\]]*\]|'[^']*'|"[^"]*")/g;
  return {
    name: 'translation-namespaces',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!file.startsWith(srcDir) || !/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file) || file === registry) {
        return undefined;
      }
      const found = new Set<string>();
      for (const match of code.matchAll(keyPrefix)) if (known.has(match[1] ?? '')) found.add(match[1] ?? '');
      for (const match of code.matchAll(hookArguments)) {
        for (const name of (match[1] ?? '').matchAll(/['"]([a-z][a-z-]*)['"]/g)) {
          if (known.has(name[1] ?? '')) found.add(name[1] ?? '');
        }
      }
      if (found.size === 0) return undefined;
      // Appended, so the lines above keep their source-map positions.
      return {
        code: `${code}\nimport { registerNamespaces as __registerNamespaces } from '@/lib/i18n-namespaces.ts';\n__registerNamespaces(${JSON.stringify([...found].sort())});\n`,
        map: null,
      };
    },
  };
}

/** Static imports of `roots`, directly or not (module ids). */
function staticClosure(
  roots: string[],
  importedIds: (id: string) => readonly string[] | undefined,
  into: Set<string>,
): Set<string> {
  into.clear();
  const queue = [...roots];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (into.has(id)) continue;
    into.add(id);
    queue.push(...(importedIds(id) ?? []));
  }
  return into;
}

/** What every first page runs: the entry (src/main.tsx) and its static imports. */
const firstLoadModules = new Set<string>();
/** The lucide icons that the home page (/, the most frequent first page) imports by name. */
const homePageIcons = new Set<string>();

/** Fills the two sets above once the module graph is complete, for the chunk groups below. */
function firstLoadGraph(): Plugin {
  return {
    name: 'first-load-graph',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const find = (suffix: string) => ids.filter((id) => id.endsWith(suffix));
      const importedIds = (id: string) => this.getModuleInfo(id)?.importedIds;
      staticClosure(find('/src/main.tsx'), importedIds, firstLoadModules);
      // The icon files that a page's own modules name in `import { … } from 'lucide-react'` (through
      // the package's index, which re-exports every icon).
      const iconFiles = new Map<string, string>();
      for (const index of find('/lucide-react/dist/esm/lucide-react.mjs')) {
        for (const [, names = '', file = ''] of (this.getModuleInfo(index)?.code ?? '').matchAll(
          /export \{([^}]*)\} from '(\.\/icons\/[^']+)'/g,
        )) {
          for (const name of names.split(',')) {
            const exported = name.trim().split(/\s+as\s+/)[1];
            if (exported) iconFiles.set(exported, path.join(path.dirname(index), file));
          }
        }
      }
      const iconsOf = (roots: string[]): Set<string> => {
        const icons = new Set<string>();
        for (const id of staticClosure(roots, importedIds, new Set())) {
          if (id.includes('node_modules')) continue;
          for (const [, names = ''] of (this.getModuleInfo(id)?.code ?? '').matchAll(
            /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g,
          )) {
            for (const name of names.split(',')) {
              const file = iconFiles.get(name.trim().split(/\s+as\s+/)[0] ?? '');
              if (file) icons.add(file);
            }
          }
        }
        return icons;
      };
      // Not those the app shell (every page) or the sign-in page (the other first page) uses: they
      // would fetch all the home page's icons for one.
      const sharedIcons = iconsOf([
        ...find('/src/main.tsx'),
        ...find('/src/app/layouts/public-layout.tsx'),
        ...find('/src/features/auth/routes/login.tsx'),
      ]);
      homePageIcons.clear();
      for (const icon of iconsOf([
        ...find('/src/app/layouts/home-layout.tsx'),
        ...find('/src/features/home/routes/home.tsx'),
      ])) {
        if (!sharedIcons.has(icon)) homePageIcons.add(icon);
      }
    },
  };
}

/**
 * The libraries every first page runs, in one chunk instead of the ten or so small ones automatic
 * chunking makes of them (each file compresses on its own, so fewer, larger files are fewer bytes on
 * the wire). Only what the entry imports statically: react-i18next's <Trans> and the icons stay with
 * the routes that use them.
 */
const firstLoadLibraries =
  /node_modules[\\/](?:react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack[\\/][^\\/]+|tailwind-merge|clsx|use-sync-external-store|lucide-react)[\\/]/;
const lucideIcon = /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;
const notFirstLoad = /[\\/]Trans(?:WithoutContext)?\.js$|html-parse-stringify/;

export default defineConfig({
  plugins: [translationNamespaces(), firstLoadGraph(), react(), tailwindcss(), buildVersionFile(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  define: {
    'import.meta.env.VITE_BUILD_ID': JSON.stringify(buildId),
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', ws: true },
      '/version.json': 'http://127.0.0.1:3000',
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 600,
    // Every browser the app supports preloads modules itself; the polyfill would only add bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: (id: string) =>
                firstLoadModules.has(id) &&
                firstLoadLibraries.test(id) &&
                !lucideIcon.test(id) &&
                !notFirstLoad.test(id),
            },
            // The home page's icons in one file instead of one small file each (they are shared with
            // other screens, so automatic chunking gives each its own): a few KB less on the wire.
            { name: 'home-icons', test: (id: string) => homePageIcons.has(id) },
          ],
        },
      },
    },
  },
});
