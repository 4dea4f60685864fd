import type { MediawikiSettings as SharedMediawikiSettings } from '@compliance/shared/integrations';
import type { Outbound } from '../outbound.ts';
import {
  ConnectorError,
  httpStatusError,
  toConnectorError,
  type RemoteFile,
  type StorageConnector,
} from './connector.ts';
import { keepCookies, readCapped } from './http.ts';
import { escapeHtml, markdownToWikitext } from './markdown.ts';

type MediawikiSettings = Pick<SharedMediawikiSettings, 'url' | 'username' | 'namespace' | 'category'>;

const SAVE_SUMMARY = 'Saved from Compliance Assistant';
/** Cap on an API answer other than a page's HTML (a page list of a big wiki is a few MB). */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;
/** Characters a title may hold that a library file name may not: written as %XX (a title never holds %XX). */
const FILE_NAME_UNSAFE = /[:*?"\\]/g;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/**
 * MediaWiki as a storage folder: the pages of one namespace, or of one category, are the files, each read as its
 * parsed HTML with the page's latest revision id as its version; a saved answer becomes a page. Everything goes
 * through the Action API (`api.php`, JSON, formatversion 2) with `outbound.fetch`, so the private-network guard
 * applies. Written against MediaWiki 1.39 LTS (Debian 12); the calls used are stable since 1.27.
 *
 * Signing in: a bot password (Special:BotPasswords: user name `Name@bot`, with the grants "basic", "high-volume"
 * and "edit existing and create pages"), by `action=login` with a login token; the session lives in cookies and
 * every later call carries `assert=user`, so a session the wiki forgot fails loudly and is renewed once. The main
 * account's password is refused by `action=login` on current wikis, which is why the settings ask for a bot.
 *
 * Hand-written rather than an npm client: `mwn` (the maintained one) sends through axios with its own cookie jar
 * and follows redirects, so it would not go through the guard.
 */
export function createMediawikiConnector(
  settings: MediawikiSettings,
  password: string,
  outbound: Outbound,
): StorageConnector {
  const endpoint = apiUrl(settings.url);
  outbound.checkUrl(endpoint);
  const category = normaliseCategory(settings.category);
  const cookies = new Map<string, string>();
  let signedIn: Promise<void> | null = null;
  let namespace: Promise<{ id: number; prefix: string }> | null = null;

  async function post(params: Record<string, string>, maxBytes = MAX_ANSWER_BYTES): Promise<JsonObject> {
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    };
    if (cookies.size > 0) headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await outbound.fetch(endpoint, {
      method: 'POST',
      headers,
      body: new URLSearchParams({ format: 'json', formatversion: '2', ...params }).toString(),
    });
    keepCookies(cookies, response.headers);
    if (response.status !== 200) {
      await response.body?.cancel().catch(() => undefined);
      if (response.status === 404) {
        throw new ConnectorError('INTEGRATION_REMOTE_NOT_FOUND', `no MediaWiki API at ${endpoint}`);
      }
      throw httpStatusError(
        response.status,
        `MediaWiki answered ${response.status} to ${params.action}`,
        response.headers.get('retry-after'),
      );
    }
    const text = await readCapped(response, maxBytes);
    let answer: Json;
    try {
      answer = JSON.parse(text) as Json;
    } catch {
      throw new ConnectorError('INTEGRATION_REMOTE_ERROR', `no MediaWiki API at ${endpoint} (the answer is not JSON)`);
    }
    if (!isObject(answer))
      throw new ConnectorError('INTEGRATION_REMOTE_ERROR', `unexpected answer to ${params.action}`);
    if (isObject(answer.error)) throw apiError(answer.error, params.action ?? '', response.headers.get('retry-after'));
    return answer;
  }

  async function signIn(): Promise<void> {
    cookies.clear();
    const tokens = await post({ action: 'query', meta: 'tokens', type: 'login' });
    const token = path(tokens, 'query', 'tokens', 'logintoken');
    if (typeof token !== 'string') throw new ConnectorError('INTEGRATION_REMOTE_ERROR', 'no login token');
    const answer = await post({ action: 'login', lgname: settings.username, lgpassword: password, lgtoken: token });
    const result = path(answer, 'login', 'result');
    if (result === 'Success') return;
    const reason = path(answer, 'login', 'reason');
    throw new ConnectorError(
      'INTEGRATION_AUTH_FAILED',
      `MediaWiki refused the login of ${settings.username} (${String(result)}${typeof reason === 'string' ? `: ${reason}` : ''}); a bot password (Special:BotPasswords) signs in as Name@bot`,
    );
  }

  /** One call as the signed-in user; a session the wiki forgot (assertuserfailed) is renewed once. */
  async function call(params: Record<string, string>, maxBytes?: number): Promise<JsonObject> {
    try {
      for (let attempt = 1; ; attempt++) {
        signedIn ??= signIn().catch((error: unknown) => {
          signedIn = null;
          throw error;
        });
        await signedIn;
        try {
          return await post({ ...params, assert: 'user' }, maxBytes);
        } catch (error) {
          if (!(error instanceof SessionLost) || attempt > 1) throw error;
          signedIn = null;
        }
      }
    } catch (error) {
      if (error instanceof SessionLost) {
        throw new ConnectorError('INTEGRATION_AUTH_FAILED', 'MediaWiki forgot the session right after the login');
      }
      throw toConnectorError(error);
    }
  }

  /** The synced namespace's number and title prefix ("" for the main namespace), from the wiki's own list. */
  function resolveNamespace(): Promise<{ id: number; prefix: string }> {
    namespace ??= (async () => {
      const wanted = settings.namespace.trim();
      if (wanted === '' || wanted === '0') return { id: 0, prefix: '' };
      const answer = await call({ action: 'query', meta: 'siteinfo', siprop: 'namespaces|namespacealiases' });
      const namespaces = Object.values(asObject(path(answer, 'query', 'namespaces'))).filter(isObject);
      const key = (value: Json | undefined) =>
        String(value ?? '')
          .replaceAll('_', ' ')
          .trim()
          .toLowerCase();
      const target = key(wanted);
      // A number, the local name ("Hilfe"), the canonical English name ("Help") or an alias ("WP").
      const alias = asArray(path(answer, 'query', 'namespacealiases')).find(
        (item) => isObject(item) && key(item.alias) === target,
      );
      const found = namespaces.find(
        (item) =>
          String(item.id) === target ||
          key(item.name) === target ||
          key(item.canonical) === target ||
          (isObject(alias) && item.id === alias.id),
      );
      if (!isObject(found) || typeof found.id !== 'number' || found.id < 0) {
        throw new ConnectorError('INTEGRATION_REMOTE_NOT_FOUND', `the wiki has no namespace ${wanted}`);
      }
      return { id: found.id, prefix: found.id === 0 ? '' : `${String(found.name)}:` };
    })().catch((error: unknown) => {
      namespace = null;
      throw error;
    });
    return namespace;
  }

  /** The pages of the namespace or category with their latest revision, following `continue` to the end. */
  async function pages(limit: number): Promise<{ title: string; revision: number; size: number }[]> {
    const { id, prefix } = await resolveNamespace();
    const explicitNamespace = settings.namespace.trim() !== '';
    const params: Record<string, string> = category
      ? {
          action: 'query',
          generator: 'categorymembers',
          gcmtitle: `Category:${category}`,
          gcmtype: 'page',
          gcmlimit: 'max',
          ...(explicitNamespace ? { gcmnamespace: String(id) } : {}),
          prop: 'info',
        }
      : {
          action: 'query',
          generator: 'allpages',
          gapnamespace: String(id),
          // A redirect is another name of a page, not a page of its own.
          gapfilterredir: 'nonredirects',
          gaplimit: 'max',
          prop: 'info',
        };
    const found: { title: string; revision: number; size: number }[] = [];
    let next: JsonObject = {};
    for (;;) {
      const answer = await call({ ...params, ...stringValues(next) });
      for (const page of asArray(path(answer, 'query', 'pages'))) {
        if (!isObject(page) || typeof page.title !== 'string' || typeof page.lastrevid !== 'number') continue;
        if (page.redirect === true) continue;
        // With a namespace chosen, paths leave its prefix out ("Help:Fees" is "Fees.html").
        const title =
          explicitNamespace && prefix && page.title.startsWith(prefix) ? page.title.slice(prefix.length) : page.title;
        found.push({ title, revision: page.lastrevid, size: typeof page.length === 'number' ? page.length : 0 });
      }
      // More than the limit is enough to say "too many".
      if (!isObject(answer.continue) || found.length > limit) return found;
      next = answer.continue;
    }
  }

  /** A page's full title from its path (or from a saved answer's title), the namespace's prefix put back. */
  async function fullTitle(relativeOrTitle: string): Promise<string> {
    const title = relativeOrTitle
      .replace(/\.html$/i, '')
      .replace(/%(3A|2A|3F|22|5C)/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (settings.namespace.trim() === '') return title;
    const { prefix } = await resolveNamespace();
    return prefix + title;
  }

  return {
    describe: () => {
      const where = category ? `Category:${category}` : settings.namespace.trim() || '(Main)';
      return `${new URL(endpoint).host}/${where}`;
    },

    async check() {
      if ((await pages(1)).length === 0) {
        throw new ConnectorError(
          'INTEGRATION_REMOTE_NOT_FOUND',
          category
            ? `the category ${category} has no pages`
            : `the namespace ${settings.namespace || '(Main)'} has no pages`,
        );
      }
    },

    async list(limit) {
      const files: RemoteFile[] = (await pages(limit)).map((page) => ({
        path: `${page.title.replace(FILE_NAME_UNSAFE, (char) => encodeURIComponent(char))}.html`,
        version: String(page.revision),
        // The size of the wikitext: the HTML is only known once parsed.
        size: page.size,
        contentType: 'text/html',
      }));
      return files.sort((a, b) => a.path.localeCompare(b.path)).slice(0, limit + 1);
    },

    async read(relative, maxBytes) {
      const title = await fullTitle(relative);
      const answer = await call(
        {
          action: 'parse',
          page: title,
          prop: 'text|displaytitle|revid',
          disableeditsection: '1',
          disablelimitreport: '1',
          disabletoc: '1',
        },
        maxBytes * 2 + 64 * 1024,
      );
      const html = path(answer, 'parse', 'text');
      if (typeof html !== 'string') throw new ConnectorError('INTEGRATION_REMOTE_ERROR', 'unexpected answer to parse');
      const shownTitle = path(answer, 'parse', 'displaytitle');
      const heading = typeof shownTitle === 'string' ? shownTitle.replace(/<[^>]*>/g, '') : escapeHtml(title);
      // The page's title as its first heading, as the wiki shows it: the library takes headings as sections.
      const document = `<!doctype html>\n<html><head><meta charset="utf-8"><title>${heading}</title></head><body>\n<h1>${heading}</h1>\n${html.trim()}\n</body></html>\n`;
      const bytes = new TextEncoder().encode(document);
      if (bytes.byteLength > maxBytes) {
        throw new ConnectorError('INTEGRATION_REMOTE_ERROR', `larger than ${maxBytes} bytes`);
      }
      return bytes;
    },

    // The library writes Markdown answers; plain text is Markdown without markup and goes the same way.
    async write(relative, content, _contentType) {
      const title = await fullTitle(answerTitle(relative));
      const tokens = await call({ action: 'query', meta: 'tokens', type: 'csrf' });
      const token = path(tokens, 'query', 'tokens', 'csrftoken');
      if (typeof token !== 'string') throw new ConnectorError('INTEGRATION_REMOTE_ERROR', 'no edit token');
      // A page published to a category joins it, so that the next sync finds it.
      const text = markdownToWikitext(content) + (category ? `\n[[Category:${category}]]\n` : '');
      const answer = await call({ action: 'edit', title, text, summary: SAVE_SUMMARY, bot: '1', token });
      if (path(answer, 'edit', 'result') !== 'Success') {
        throw new ConnectorError('INTEGRATION_REMOTE_ERROR', `MediaWiki did not save ${title}`);
      }
    },
  };
}

/** The Action API's address: as typed when it names a script (…/w/api.php), otherwise api.php under it. */
function apiUrl(value: string): string {
  const url = new URL(value);
  if (!url.pathname.endsWith('.php')) url.pathname = `${url.pathname.replace(/\/+$/, '')}/api.php`;
  url.search = '';
  url.hash = '';
  return url.href;
}

function normaliseCategory(value: string): string {
  return value
    .trim()
    .replace(/^category:/i, '')
    .replaceAll('_', ' ')
    .trim();
}

/** `Compliance Assistant/2026-11-25 1430 Grey list.md` → the title `Compliance Assistant/2026-11-25 1430 Grey list` */
function answerTitle(relative: string): string {
  return relative
    .replace(/\.md$/i, '')
    .replace(/[#<>[\]{}|%]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

class SessionLost extends Error {}

function apiError(error: JsonObject, action: string, retryAfter: string | null): Error {
  const code = String(error.code ?? '');
  const info = typeof error.info === 'string' ? error.info : code;
  const detail = `MediaWiki answered ${code} to ${action}: ${info}`;
  if (code === 'assertuserfailed' || code === 'assertbotfailed') return new SessionLost(detail);
  if (code === 'ratelimited' || code === 'maxlag') {
    return httpStatusError(429, detail, retryAfter ?? (code === 'maxlag' ? '5' : null));
  }
  if (
    /^(readapidenied|writeapidenied|permissiondenied|badtoken|mwoauth-|protectedpage|cascadeprotected|blocked|autoblocked|noedit|cantcreate)/.test(
      code,
    )
  ) {
    return new ConnectorError('INTEGRATION_AUTH_FAILED', detail);
  }
  if (code === 'missingtitle' || code === 'nosuchpageid' || code === 'invalidtitle') {
    return new ConnectorError('INTEGRATION_REMOTE_NOT_FOUND', detail);
  }
  return new ConnectorError('INTEGRATION_REMOTE_ERROR', detail);
}

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asObject(value: Json | undefined): JsonObject {
  return isObject(value) ? value : {};
}

function asArray(value: Json | undefined): Json[] {
  return Array.isArray(value) ? value : [];
}

function path(value: Json, ...keys: string[]): Json | undefined {
  let current: Json | undefined = value;
  for (const key of keys) current = isObject(current) ? current[key] : undefined;
  return current;
}

function stringValues(value: JsonObject): Record<string, string> {
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, String(item)]));
}
