import type { ConfluenceSettings as SharedConfluenceSettings } from '@compliance/shared/integrations';
import type { Outbound } from '../outbound.ts';
import {
  ConnectorError,
  httpStatusError,
  toConnectorError,
  type RemoteFile,
  type StorageConnector,
} from './connector.ts';
import { readCapped, waitingOutRateLimits } from './http.ts';
import { escapeHtml, markdownToXhtml } from './markdown.ts';

type ConfluenceSettings = Pick<SharedConfluenceSettings, 'url' | 'email' | 'spaceKey' | 'parentPageId'>;

const MAX_ANSWER_BYTES = 16 * 1024 * 1024;
/** Confluence's largest page of results. */
const PAGE_LIMIT = 250;
/** Characters a title may hold that a library file name may not: written as %XX. */
const FILE_NAME_UNSAFE = /[%/\\:*?"<>|]/g;

interface PageSummary {
  id: string;
  title: string;
  parentId: string | null;
  version: number;
}

/**
 * Confluence Cloud as a storage folder, through its REST API v2 (`<site>/wiki/api/v2`): the current pages of one
 * space — or only those below a parent page — are the files, each read as its storage format (XHTML) in an HTML
 * document, with `version.number` as its version; a saved answer becomes a page (or a new version of the page of
 * the same title). Calls used:
 *
 * - `GET /spaces?keys=KEY` — the space's id;
 * - `GET /spaces/{id}/pages?status=current&limit=250` — the pages with `parentId` and `version`, following
 *   `_links.next` (a cursor) to the end; with `title=…&body-format=storage` one page and its body;
 * - `POST /pages` — a new page (`spaceId`, `parentId`, `title`, `body.representation: storage`);
 * - `PUT /pages/{id}` — a new version of a page (`version.number` one higher).
 *
 * Signed in with HTTP basic auth: the Atlassian account's e-mail address and an API token. Atlassian has no
 * official Node SDK (confluence.js is a community client on axios that follows redirects), so this is plain fetch
 * through `outbound.fetch`. A 429 with a short Retry-After is waited out, a longer one fails as rate limited.
 */
export function createConfluenceConnector(
  settings: ConfluenceSettings,
  apiToken: string,
  outbound: Outbound,
): StorageConnector {
  const site = new URL(settings.url);
  // The site's address, with or without /wiki: the API is at /wiki/api/v2 either way.
  const api = new URL(`${site.pathname.replace(/\/+$/, '').replace(/\/wiki$/, '')}/wiki/api/v2/`, site.origin);
  outbound.checkUrl(api.href);
  const authorization = `Basic ${Buffer.from(`${settings.email}:${apiToken}`).toString('base64')}`;
  const parentPageId = settings.parentPageId.trim();
  let spaceId: Promise<string> | null = null;

  // A rate-limit answer asking for a short wait is waited out; a longer one fails the call.
  const fetch = waitingOutRateLimits(outbound.fetch);

  async function request(method: 'GET' | 'POST' | 'PUT', target: URL, body?: unknown): Promise<unknown> {
    const response = await fetch(target, {
      method,
      headers: {
        authorization,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (response.ok) return JSON.parse(await readCapped(response, MAX_ANSWER_BYTES)) as unknown;
    const text = await readCapped(response, 64 * 1024).catch(() => '');
    const detail = `Confluence answered ${response.status} to ${method} ${target.pathname}${remoteMessage(text)}`;
    throw httpStatusError(response.status, detail, response.headers.get('retry-after'));
  }

  async function call(method: 'GET' | 'POST' | 'PUT', path: string, query: Record<string, string>, body?: unknown) {
    try {
      const target = new URL(path, api);
      for (const [key, value] of Object.entries(query)) target.searchParams.set(key, value);
      return await request(method, target, body);
    } catch (error) {
      throw toConnectorError(error);
    }
  }

  function space(): Promise<string> {
    spaceId ??= (async () => {
      const answer = (await call('GET', 'spaces', { keys: settings.spaceKey, limit: '1' })) as {
        results?: { id?: string | number; key?: string }[];
      };
      const found = answer.results?.find((item) => item.key === settings.spaceKey) ?? answer.results?.[0];
      if (found?.id === undefined) {
        throw new ConnectorError(
          'INTEGRATION_REMOTE_NOT_FOUND',
          `no space ${settings.spaceKey} that ${settings.email} may read`,
        );
      }
      return String(found.id);
    })().catch((error: unknown) => {
      spaceId = null;
      throw error;
    });
    return spaceId;
  }

  /** Every current page of the space (or only the title asked for), following the cursor links to the end. */
  async function spacePages(extra: Record<string, string> = {}, limit = Infinity): Promise<RawPage[]> {
    const id = await space();
    const pages: RawPage[] = [];
    let next: URL | null = new URL(`spaces/${encodeURIComponent(id)}/pages`, api);
    next.search = new URLSearchParams({ status: 'current', limit: String(PAGE_LIMIT), ...extra }).toString();
    while (next) {
      let answer: { results?: RawPage[]; _links?: { next?: string } };
      try {
        answer = (await request('GET', next)) as typeof answer;
      } catch (error) {
        throw toConnectorError(error);
      }
      pages.push(...(answer.results ?? []));
      if (pages.length > limit) break;
      // `_links.next` is a path on the site (/wiki/api/v2/…?cursor=…): it must stay on the same host.
      next = answer._links?.next ? new URL(answer._links.next, site.origin) : null;
      if (next && next.origin !== site.origin) {
        throw new ConnectorError('INTEGRATION_REMOTE_ERROR', 'Confluence pointed the next page elsewhere');
      }
    }
    return pages;
  }

  /** The pages synced: all of the space, or the parent page's descendants (found through each page's parentId). */
  async function syncedPages(limit: number): Promise<PageSummary[]> {
    const all = (await spacePages({}, parentPageId ? Infinity : limit)).map(summary);
    if (!parentPageId) return all;
    const byId = new Map(all.map((page) => [page.id, page]));
    if (!byId.has(parentPageId)) {
      throw new ConnectorError(
        'INTEGRATION_REMOTE_NOT_FOUND',
        `no page ${parentPageId} in the space ${settings.spaceKey}`,
      );
    }
    const below = (page: PageSummary): boolean => {
      const seen = new Set<string>();
      for (let current = page.parentId; current && !seen.has(current); current = byId.get(current)?.parentId ?? null) {
        if (current === parentPageId) return true;
        seen.add(current);
      }
      return false;
    };
    return all.filter(below);
  }

  async function pageByTitle(title: string): Promise<RawPage | null> {
    const [page] = await spacePages({ title, 'body-format': 'storage' });
    return page && page.title === title ? page : null;
  }

  return {
    describe: () => `${site.host}/${settings.spaceKey}${parentPageId ? `/${parentPageId}` : ''}`,

    async check() {
      if ((await syncedPages(1)).length === 0) {
        throw new ConnectorError(
          'INTEGRATION_REMOTE_NOT_FOUND',
          parentPageId
            ? `the page ${parentPageId} has no pages below it`
            : `the space ${settings.spaceKey} has no pages`,
        );
      }
    },

    async list(limit) {
      const files: RemoteFile[] = (await syncedPages(limit)).map((page) => ({
        path: `${page.title.replace(FILE_NAME_UNSAFE, (char) => encodeURIComponent(char))}.html`,
        version: String(page.version),
        size: 0,
        contentType: 'text/html',
      }));
      return files.sort((a, b) => a.path.localeCompare(b.path)).slice(0, limit + 1);
    },

    async read(relative, maxBytes) {
      const title = decodeURIComponent(relative.replace(/\.html$/i, ''));
      const page = await pageByTitle(title);
      const body = page?.body?.storage?.value;
      if (!page) throw new ConnectorError('INTEGRATION_REMOTE_NOT_FOUND', `no page titled ${title}`);
      if (typeof body !== 'string')
        throw new ConnectorError('INTEGRATION_REMOTE_ERROR', `no storage body for ${title}`);
      const heading = escapeHtml(page.title);
      const document = `<!doctype html>\n<html><head><meta charset="utf-8"><title>${heading}</title></head><body>\n<h1>${heading}</h1>\n${body.trim()}\n</body></html>\n`;
      const bytes = new TextEncoder().encode(document);
      if (bytes.byteLength > maxBytes) {
        throw new ConnectorError('INTEGRATION_REMOTE_ERROR', `larger than ${maxBytes} bytes`);
      }
      return bytes;
    },

    async write(relative, content, _contentType) {
      // Titles are unique in a space: the answer's file name (its date and question) is its title.
      const title = (relative.split('/').pop() ?? relative).replace(/\.md$/i, '').trim() || 'Answer';
      const body = { representation: 'storage', value: markdownToXhtml(content) };
      const existing = await pageByTitle(title);
      if (existing) {
        await call(
          'PUT',
          `pages/${encodeURIComponent(existing.id)}`,
          {},
          {
            id: existing.id,
            status: 'current',
            title,
            body,
            version: { number: (existing.version?.number ?? 1) + 1, message: 'Saved from Compliance Assistant' },
          },
        );
        return;
      }
      await call(
        'POST',
        'pages',
        {},
        {
          spaceId: await space(),
          status: 'current',
          title,
          ...(parentPageId ? { parentId: parentPageId } : {}),
          body,
        },
      );
    },
  };
}

interface RawPage {
  id: string | number;
  title: string;
  parentId?: string | number | null;
  version?: { number?: number };
  body?: { storage?: { value?: string } };
}

function summary(page: RawPage): PageSummary {
  return {
    id: String(page.id),
    title: page.title,
    parentId: page.parentId === undefined || page.parentId === null ? null : String(page.parentId),
    version: page.version?.number ?? 0,
  };
}

/** The reason in Confluence's error body ({ errors: [{ title }] } in v2, { message } in v1), if any. */
function remoteMessage(text: string): string {
  try {
    const body = JSON.parse(text) as { message?: string; errors?: { title?: string; detail?: string }[] };
    const message = body.errors?.[0]?.title ?? body.errors?.[0]?.detail ?? body.message;
    return message ? `: ${message.slice(0, 200)}` : '';
  } catch {
    return '';
  }
}
