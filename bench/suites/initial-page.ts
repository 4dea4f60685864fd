// How heavy is the first page a visitor downloads? Reads the built app (run `npm run build` first):
// index.html, the scripts and styles it references directly, and their modulepreloads.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BenchResult } from '../run.ts';

const distDir = new URL('../../apps/web/dist/', import.meta.url).pathname;

export async function run(): Promise<BenchResult[]> {
  const indexPath = join(distDir, 'index.html');
  if (!existsSync(indexPath)) {
    return [{ name: 'initial page', skipped: 'apps/web/dist is missing: run `npm run build` first' }];
  }
  const html = readFileSync(indexPath, 'utf8');
  const assets = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1] ?? '');
  let raw = Buffer.byteLength(html);
  let gzip = gzipSync(html).byteLength;
  for (const asset of assets) {
    const content = readFileSync(join(distDir, asset));
    raw += content.byteLength;
    gzip += gzipSync(content).byteLength;
  }
  return [
    {
      name: 'initial page (index.html + entry scripts, styles, preloads)',
      metrics: { files: assets.length + 1, 'raw KiB': kib(raw), 'gzip KiB': kib(gzip) },
    },
  ];
}

function kib(bytes: number): number {
  return Math.round((bytes / 1024) * 10) / 10;
}
