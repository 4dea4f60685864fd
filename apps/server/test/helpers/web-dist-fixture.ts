import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const fixtureIndexHtml =
  '<!doctype html><html><head><script type="module" src="/assets/index-3f9a1c.js"></script></head><body><div id="root"></div></body></html>';

/** A stand-in for `apps/web/dist` as Vite builds it: index.html, hashed assets, version.json. */
export function createWebDistFixture(): { dir: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-test-web-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), fixtureIndexHtml);
  fs.writeFileSync(path.join(dir, 'assets', 'index-3f9a1c.js'), 'console.log("app");');
  fs.writeFileSync(
    path.join(dir, 'version.json'),
    JSON.stringify({ buildId: 'test', builtAt: '2026-01-01T00:00:00Z' }),
  );
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
