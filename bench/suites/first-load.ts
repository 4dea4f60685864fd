// What a first visit downloads: the built app served by the real server, opened in headless Chromium
// at / and /login. Every script the page loaded is fetched again with and without Brotli to count the
// bytes on the wire both ways (Chromium offers Brotli on HTTPS only). Needs `npm run build` first.
import { existsSync } from 'node:fs';
import http from 'node:http';
import type { BenchResult, BenchContext } from '../run.ts';
import { startAppServer } from '../lib/server.ts';

const distIndex = new URL('../../apps/web/dist/index.html', import.meta.url).pathname;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function run(context: BenchContext): Promise<BenchResult[]> {
  if (!existsSync(distIndex)) return [{ name: 'first load', skipped: 'apps/web/dist is missing: run `npm run build`' }];
  if (!existsSync(chromiumPath)) return [{ name: 'first load', skipped: `no Chromium at ${chromiumPath}` }];
  const { chromium } = await import('playwright-core');
  const server = await startAppServer(context.databaseEnv);
  const browser = await chromium.launch({ executablePath: chromiumPath });
  try {
    const results: BenchResult[] = [];
    for (const route of ['/', '/login']) {
      const page = await browser.newPage();
      const scripts = new Set<string>();
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') scripts.add(new URL(response.url()).pathname);
      });
      await page.goto(`${server.url}${route}`, { waitUntil: 'networkidle' });
      await page.close();
      let raw = 0;
      let brotli = 0;
      let gzip = 0;
      for (const script of scripts) {
        raw += await wireBytes(`${server.url}${script}`, 'identity');
        brotli += await wireBytes(`${server.url}${script}`, 'br');
        gzip += await wireBytes(`${server.url}${script}`, 'gzip');
      }
      results.push({
        name: `first load ${route}: JavaScript`,
        metrics: { files: scripts.size, 'raw KiB': kib(raw), 'gzip KiB': kib(gzip), 'brotli KiB': kib(brotli) },
        ratio: { label: 'brotli / raw', value: brotli / raw },
      });
    }
    return results;
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** Body bytes as sent, before any decoding (fetch would decompress them). */
function wireBytes(url: string, encoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': encoding } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.byteLength));
        response.on('end', () => resolve(bytes));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

function kib(bytes: number): number {
  return Math.round((bytes / 1024) * 10) / 10;
}
