import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apacheAvailable, startApacheWebdav, type WebdavServer } from './helpers/apache-webdav.ts';

// On a developer's machine without Apache these tests skip; in CI (which installs apache2) they must run,
// and startApacheWebdav fails with the install command.
const skip = !apacheAvailable() && !process.env.CI;

let dav: WebdavServer;

function authorization(password = dav.password) {
  return `Basic ${Buffer.from(`${dav.username}:${password}`).toString('base64')}`;
}

function request(pathName: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  return fetch(new URL(pathName, dav.url), {
    ...init,
    headers: { authorization: authorization(), ...init.headers },
  });
}

interface PropfindEntry {
  href: string;
  etag: string | undefined;
  collection: boolean;
}

/** The <response> elements of a multistatus body (Apache prefixes DAV: elements with D: and lp1:). */
function parseMultistatus(xml: string): PropfindEntry[] {
  const tag = (name: string) => new RegExp(`<(?:[\\w-]+:)?${name}>([^<]*)</(?:[\\w-]+:)?${name}>`);
  return xml
    .split(/<(?:[\w-]+:)?response[\s>]/)
    .slice(1)
    .map((part) => ({
      href: decodeURIComponent(tag('href').exec(part)?.[1] ?? ''),
      etag: tag('getetag').exec(part)?.[1],
      collection: /<(?:[\w-]+:)?collection\s*\/>/.test(part),
    }));
}

async function propfind(pathName: string, depth: '0' | '1') {
  const response = await request(pathName, { method: 'PROPFIND', headers: { depth } });
  expect(response.status).toBe(207);
  return parseMultistatus(await response.text());
}

describe.skipIf(skip)('Apache mod_dav test server', () => {
  beforeAll(async () => {
    dav = await startApacheWebdav();
  });

  afterAll(async () => {
    await dav?.stop();
  });

  it('serves a WebDAV collection at a loopback URL', () => {
    expect(dav.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/dav\/$/);
    expect(fs.statSync(dav.root).isDirectory()).toBe(true);
  });

  it('stores, lists, reads, replaces, creates folders and deletes with plain HTTP', async () => {
    const first = new TextEncoder().encode('Customer due diligence, version one.\n');
    const created = await request('report.txt', { method: 'PUT', body: first });
    expect(created.status).toBe(201);
    expect(fs.readFileSync(path.join(dav.root, 'report.txt'))).toEqual(Buffer.from(first));

    const listing = await propfind('', '1');
    const entry = listing.find((item) => item.href.endsWith('/dav/report.txt'));
    expect(entry, JSON.stringify(listing)).toBeDefined();
    expect(entry?.etag).toMatch(/^(W\/)?"[^"]+"$/);
    expect(entry?.collection).toBe(false);
    expect(listing.find((item) => item.href.endsWith('/dav/'))?.collection).toBe(true);

    const read = await request('report.txt');
    expect(read.status).toBe(200);
    expect(Buffer.from(await read.arrayBuffer())).toEqual(Buffer.from(first));

    const replaced = await request('report.txt', {
      method: 'PUT',
      body: 'Customer due diligence, version two (longer).\n',
    });
    expect(replaced.status).toBe(204);
    const [after] = await propfind('report.txt', '0');
    expect(after?.etag).toMatch(/^(W\/)?"[^"]+"$/);
    expect(after?.etag).not.toBe(entry?.etag);
    const reread = await request('report.txt');
    expect(await reread.text()).toBe('Customer due diligence, version two (longer).\n');

    const folder = await request('reports/', { method: 'MKCOL' });
    expect(folder.status).toBe(201);
    expect(fs.statSync(path.join(dav.root, 'reports')).isDirectory()).toBe(true);
    const nested = await request('reports/2025.txt', { method: 'PUT', body: 'nested' });
    expect(nested.status).toBe(201);
    const inFolder = await propfind('reports/', '1');
    expect(inFolder.map((item) => item.href)).toEqual(
      expect.arrayContaining([expect.stringMatching(/\/dav\/reports\/2025\.txt$/)]),
    );

    const deleted = await request('report.txt', { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect((await request('report.txt')).status).toBe(404);
    expect((await request('reports/', { method: 'DELETE' })).status).toBe(204);
    expect(fs.readdirSync(dav.root)).toEqual([]);
  });

  it('answers 401 to a wrong password and to no credentials', async () => {
    const wrong = await fetch(dav.url, {
      method: 'PROPFIND',
      headers: { authorization: authorization(`${dav.password}x`), depth: '0' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Basic /);
    const anonymous = await fetch(new URL('secret.txt', dav.url), { method: 'PUT', body: 'nope' });
    expect(anonymous.status).toBe(401);
    expect(fs.existsSync(path.join(dav.root, 'secret.txt'))).toBe(false);
  });

  it('works with the webdav npm client when it is installed', async (context) => {
    const client = await loadWebdavClient();
    if (!client) {
      context.skip('the webdav package is not installed');
      return;
    }
    const dav2 = client.createClient(dav.url, { username: dav.username, password: dav.password });
    await dav2.createDirectory('/client');
    await dav2.putFileContents('/client/note.txt', 'from the webdav client');
    const contents = await dav2.getDirectoryContents('/client');
    expect(contents.map((item) => item.basename)).toEqual(['note.txt']);
    expect(contents[0]?.etag).toBeTruthy();
    expect(await dav2.getFileContents('/client/note.txt', { format: 'text' })).toBe('from the webdav client');
    await dav2.deleteFile('/client');
    expect(await dav2.exists('/client')).toBe(false);

    const denied = client.createClient(dav.url, { username: dav.username, password: 'wrong' });
    await expect(denied.getDirectoryContents('/')).rejects.toMatchObject({ status: 401 });
  });
});

interface WebdavClientModule {
  createClient(
    url: string,
    options: { username: string; password: string },
  ): {
    createDirectory(path: string): Promise<void>;
    putFileContents(path: string, data: string): Promise<boolean>;
    getDirectoryContents(path: string): Promise<{ basename: string; etag: string | null }[]>;
    getFileContents(path: string, options: { format: 'text' }): Promise<string>;
    deleteFile(path: string): Promise<void>;
    exists(path: string): Promise<boolean>;
  };
}

/** The optional `webdav` package, or undefined when it is not installed. */
async function loadWebdavClient(): Promise<WebdavClientModule | undefined> {
  const specifier = 'webdav';
  try {
    return (await import(/* @vite-ignore */ specifier)) as WebdavClientModule;
  } catch {
    return undefined;
  }
}
