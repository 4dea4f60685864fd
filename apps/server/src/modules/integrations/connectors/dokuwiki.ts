import type { DokuwikiSettings as SharedDokuwikiSettings } from '@compliance/shared/integrations';
import { XMLParser } from 'fast-xml-parser';
import type { Outbound } from '../outbound.ts';
import {
  ConnectorError,
  httpStatusError,
  toConnectorError,
  type RemoteFile,
  type StorageConnector,
} from './connector.ts';
import { keepCookies, readCapped } from './http.ts';

/** What the connector needs of a connection's settings. */
type DokuwikiSettings = Pick<SharedDokuwikiSettings, 'url' | 'username' | 'namespace'>;

const SAVE_SUMMARY = 'Saved from Compliance Assistant';
/** Cap on an XML-RPC answer other than a page's HTML (a page list of a big wiki is a few MB). */
const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

/**
 * DokuWiki as a storage folder: the pages of one namespace (sub-namespaces included) are the files, each read as
 * its rendered HTML, and a saved answer becomes a page. Everything goes through DokuWiki's XML-RPC API
 * (`lib/exe/xmlrpc.php`: the wiki's `remote` setting must be on and `remoteuser` must include the user), sent with
 * `outbound.fetch`, so the private-network guard applies. Written against DokuWiki 2022-07-31 "Igor" (Debian 12);
 * later releases keep these `dokuwiki.*` and `wiki.*` methods.
 *
 * Signing in: `dokuwiki.login` once, then the session and auth cookies DokuWiki sets, on every call. HTTP basic
 * auth works too on that release, but not for every password (DokuWiki splits the header at every ":", so a
 * password with a colon is cut short) nor behind a web server that keeps the Authorization header from PHP
 * (Apache with PHP-FPM without CGIPassAuth); the login works in both cases and tells a wrong password apart from
 * a missing permission.
 *
 * XML-RPC: a small encoder here and a decoder on fast-xml-parser rather than an npm client: `xmlrpc` has had no
 * release since 2016 and makes its own node:http requests, `@foxglove/xmlrpc` calls its own bundled fetch; neither
 * would go through the guard.
 *
 * Up to 2022-07-31 DokuWiki answers a refused call not with a fault but with an empty struct (with HTTP 401 or 403
 * when access is denied, 200 otherwise: a page that does not exist, a locked page), so each call checks the type
 * of what came back.
 */
export function createDokuwikiConnector(
  settings: DokuwikiSettings,
  password: string,
  outbound: Outbound,
): StorageConnector {
  const base = settings.url.endsWith('/') ? settings.url : `${settings.url}/`;
  outbound.checkUrl(base);
  const endpoint = new URL('lib/exe/xmlrpc.php', base).href;
  const namespace = normaliseNamespace(settings.namespace);
  const cookies = new Map<string, string>();
  let signedIn: Promise<void> | null = null;

  async function post(method: string, params: XmlRpcParam[], maxBytes: number) {
    const headers: Record<string, string> = { 'content-type': 'text/xml; charset=utf-8', accept: 'text/xml' };
    if (cookies.size > 0) headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await outbound.fetch(endpoint, {
      method: 'POST',
      headers,
      body: encodeMethodCall(method, params),
    });
    keepCookies(cookies, response.headers);
    if (response.status === 401 && cookies.size > 0 && method !== 'dokuwiki.login') {
      await response.body?.cancel().catch(() => undefined);
      throw new SessionExpired();
    }
    if (response.status !== 200) {
      await response.body?.cancel().catch(() => undefined);
      throw statusError(response.status, method, settings.username, endpoint, response.headers.get('retry-after'));
    }
    return decodeMethodResponse(await readCapped(response, maxBytes), method);
  }

  async function signIn(): Promise<void> {
    const answer = await post('dokuwiki.login', [settings.username, password], MAX_ANSWER_BYTES);
    if (answer === true) return;
    if (answer === false) {
      throw new ConnectorError(
        'INTEGRATION_AUTH_FAILED',
        `DokuWiki refused the user name or password of ${settings.username}`,
      );
    }
    // 0 (an int, not false): the wiki has no access control at all, so there is nothing to sign in to.
    if (answer === 0) return;
    throw unexpected('dokuwiki.login', answer);
  }

  /** One call, signed in first; a session that has expired (401 despite the cookies) is renewed once. */
  async function call(method: string, params: XmlRpcParam[], maxBytes = MAX_ANSWER_BYTES): Promise<XmlRpcValue> {
    try {
      for (let attempt = 1; ; attempt++) {
        signedIn ??= signIn().catch((error: unknown) => {
          signedIn = null;
          throw error;
        });
        await signedIn;
        try {
          return await post(method, params, maxBytes);
        } catch (error) {
          if (!(error instanceof SessionExpired)) throw error;
          if (attempt > 1) {
            throw new ConnectorError('INTEGRATION_AUTH_FAILED', `DokuWiki answered 401 to ${method}: not signed in`);
          }
          cookies.clear();
          signedIn = null;
        }
      }
    } catch (error) {
      throw toConnectorError(error);
    }
  }

  function relativeId(id: string): string | null {
    if (!namespace) return id;
    return id.startsWith(`${namespace}:`) ? id.slice(namespace.length + 1) : null;
  }

  async function pagesInNamespace(withHash: boolean): Promise<XmlRpcStruct[]> {
    const method = 'dokuwiki.getPagelist';
    const answer = await call(method, [namespace, { depth: 0, ...(withHash ? { hash: true } : {}) }]);
    if (!Array.isArray(answer)) throw unexpected(method, answer);
    return answer.filter(
      (page): page is XmlRpcStruct => isStruct(page) && typeof page.id === 'string' && relativeId(page.id) !== null,
    );
  }

  return {
    describe: () => `${new URL(base).host}/${namespace}`,

    async check() {
      const pages = await pagesInNamespace(false);
      if (pages.length === 0) {
        throw new ConnectorError(
          'INTEGRATION_REMOTE_NOT_FOUND',
          namespace
            ? `the namespace ${namespace} has no pages that ${settings.username} may read`
            : `the wiki has no pages that ${settings.username} may read`,
        );
      }
    },

    async list(limit) {
      const files: RemoteFile[] = (await pagesInNamespace(true)).map((page) => {
        const revision = String(page.rev ?? page.mtime ?? '');
        return {
          path: `${relativeId(page.id as string)!.replaceAll(':', '/')}.html`,
          // The modification time has whole seconds: the content's MD5 tells two edits in one second apart.
          version: typeof page.hash === 'string' ? `${revision}-${page.hash}` : revision,
          // The size of the wiki text: the HTML is only known once rendered.
          size: typeof page.size === 'number' ? page.size : 0,
          contentType: 'text/html',
        };
      });
      return files.sort((a, b) => a.path.localeCompare(b.path)).slice(0, limit + 1);
    },

    async read(relative, maxBytes) {
      const id = [namespace, relative.replace(/\.html$/i, '').replaceAll('/', ':')].filter(Boolean).join(':');
      // Escaped in XML, the HTML can be up to six times as long (`"` is `&quot;`).
      const html = await call('wiki.getPageHTML', [id], maxBytes * 6 + 64 * 1024);
      if (typeof html !== 'string') throw unexpected('wiki.getPageHTML', html);
      if (html.trim() === '') {
        // A page that does not exist renders as ''; so may an empty one.
        const info = await call('wiki.getPageInfo', [id]);
        if (!isStruct(info) || info.name === undefined) {
          throw new ConnectorError('INTEGRATION_REMOTE_NOT_FOUND', `the page ${id} does not exist`);
        }
      }
      const body = html.replace(/<!-- EDIT\{[\s\S]*?\} -->\n?/g, '');
      const title = firstHeading(body) ?? escapeXml(id);
      const document = `<!doctype html>\n<html><head><meta charset="utf-8"><title>${title}</title></head><body>\n${body.trim()}\n</body></html>\n`;
      const bytes = new TextEncoder().encode(document);
      if (bytes.byteLength > maxBytes) {
        throw new ConnectorError('INTEGRATION_REMOTE_ERROR', `larger than ${maxBytes} bytes`);
      }
      return bytes;
    },

    // The library writes Markdown answers; plain text is Markdown without markup and goes the same way.
    async write(relative, content, _contentType) {
      const id = [namespace, answerPageId(relative)].filter(Boolean).join(':');
      const saved = await call('wiki.putPage', [id, markdownToDokuwiki(content), { sum: SAVE_SUMMARY, minor: false }]);
      if (saved !== true) throw unexpected('wiki.putPage', saved, 'the page may be locked by an editor');
    },
  };
}

function normaliseNamespace(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replaceAll('/', ':')
    .replace(/\s+/g, '_')
    .replace(/:{2,}/g, ':')
    .replace(/^:+|:+$/g, '');
}

/** `Compliance Assistant/2026-11-25 1430 Grey list.md` → `compliance_assistant:2026-11-25_1430_grey_list` */
function answerPageId(relative: string): string {
  return relative
    .replace(/\.md$/i, '')
    .toLowerCase()
    .split('/')
    .map((segment) => segment.trim().replace(/\s+/g, '_').replaceAll(':', '_'))
    .filter(Boolean)
    .join(':');
}

/** The text of the first heading (DokuWiki takes a page's title from it), still HTML-escaped. */
function firstHeading(html: string): string | null {
  const match = /<h[1-6]\b[^>]*>([\s\S]*?)<\/h[1-6]>/i.exec(html);
  const text = match?.[1]
    ?.replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text ? text : null;
}

function statusError(
  status: number,
  method: string,
  username: string,
  endpoint: string,
  retryAfter: string | null,
): ConnectorError {
  if (status === 401) {
    return new ConnectorError('INTEGRATION_AUTH_FAILED', `DokuWiki answered 401 to ${method}: not signed in`);
  }
  if (status === 403) {
    return new ConnectorError(
      'INTEGRATION_AUTH_FAILED',
      `DokuWiki answered 403 to ${method}: ${username} is not allowed (the wiki's remoteuser setting, or the page's permissions)`,
    );
  }
  if (status === 404) return new ConnectorError('INTEGRATION_REMOTE_NOT_FOUND', `no DokuWiki API at ${endpoint}`);
  return httpStatusError(status, `DokuWiki answered ${status} to ${method}`, retryAfter);
}

function faultError(fault: XmlRpcFault, method: string): ConnectorError {
  const { code, message } = fault;
  if (code === -32605 || /server not enabled/i.test(message)) {
    return new ConnectorError(
      'INTEGRATION_REMOTE_ERROR',
      `the wiki's remote API is disabled (DokuWiki: "${message}"); an admin switches on "remote" in the configuration settings and adds the user to "remoteuser"`,
    );
  }
  if (/not authori[sz]ed|forbidden|not allowed/i.test(message)) {
    return new ConnectorError('INTEGRATION_AUTH_FAILED', `${method}: ${message}`);
  }
  if (code === 121 || /does not exist/i.test(message)) {
    return new ConnectorError('INTEGRATION_REMOTE_NOT_FOUND', `${method}: ${message}`);
  }
  return new ConnectorError('INTEGRATION_REMOTE_ERROR', `${method} failed (fault ${code}): ${message}`);
}

function unexpected(method: string, answer: XmlRpcValue, hint?: string): ConnectorError {
  if (isStruct(answer) && Object.keys(answer).length === 0) {
    return new ConnectorError(
      'INTEGRATION_REMOTE_ERROR',
      `DokuWiki refused ${method} without saying why${hint ? ` (${hint})` : ''}`,
    );
  }
  return new ConnectorError('INTEGRATION_REMOTE_ERROR', `unexpected answer to ${method}`);
}

// ---- XML-RPC ----

export type XmlRpcValue = string | number | boolean | null | Uint8Array | XmlRpcValue[] | XmlRpcStruct;
export interface XmlRpcStruct {
  [name: string]: XmlRpcValue;
}
type XmlRpcParam = string | number | boolean | XmlRpcParam[] | { [name: string]: XmlRpcParam };

/** DokuWiki forgot the session (401 although its cookies were sent). */
class SessionExpired extends Error {}

class XmlRpcFault extends Error {
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}

function isStruct(value: XmlRpcValue | undefined): value is XmlRpcStruct {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);
}

function escapeXml(text: string): string {
  return (
    text
      .toWellFormed()
      // Characters XML 1.0 does not allow at all.
      // eslint-disable-next-line no-control-regex -- these are the characters removed
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replaceAll('&', '&amp;')
      .replaceAll('<', '&lt;')
      .replaceAll('>', '&gt;')
  );
}

function encodeValue(value: XmlRpcParam): string {
  if (typeof value === 'string') return `<string>${escapeXml(value)}</string>`;
  if (typeof value === 'boolean') return `<boolean>${value ? 1 : 0}</boolean>`;
  if (typeof value === 'number') return Number.isInteger(value) ? `<int>${value}</int>` : `<double>${value}</double>`;
  if (Array.isArray(value)) {
    return `<array><data>${value.map((item) => `<value>${encodeValue(item)}</value>`).join('')}</data></array>`;
  }
  const members = Object.entries(value).map(
    ([name, member]) => `<member><name>${escapeXml(name)}</name><value>${encodeValue(member)}</value></member>`,
  );
  return `<struct>${members.join('')}</struct>`;
}

export function encodeMethodCall(method: string, params: XmlRpcParam[]): string {
  const encoded = params.map((param) => `<param><value>${encodeValue(param)}</value></param>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<methodCall><methodName>${escapeXml(method)}</methodName><params>${encoded}</params></methodCall>\n`;
}

/** fast-xml-parser's ordered output: an element is `{ tag: children }`, a text node `{ '#text': text }`. */
type XmlNode = Record<string, unknown>;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // Values stay text (a page id "0123" is a string) and keep their whitespace.
  parseTagValue: false,
  trimValues: false,
  // Numeric character references too: PHP escapes ' as &#039;.
  htmlEntities: true,
});

function tagOf(node: XmlNode): string | undefined {
  return Object.keys(node).find((key) => key !== '#text' && key !== ':@');
}

function elements(nodes: XmlNode[]): { tag: string; children: XmlNode[] }[] {
  return nodes.flatMap((node) => {
    const tag = tagOf(node);
    return tag ? [{ tag, children: (node[tag] as XmlNode[] | undefined) ?? [] }] : [];
  });
}

function textOf(nodes: XmlNode[]): string {
  return nodes.map((node) => (typeof node['#text'] === 'string' ? node['#text'] : '')).join('');
}

function malformed(detail: string): ConnectorError {
  return new ConnectorError('INTEGRATION_REMOTE_ERROR', `not an XML-RPC answer (${detail}): is this a DokuWiki?`);
}

function decodeValue(nodes: XmlNode[]): XmlRpcValue {
  const [typed] = elements(nodes);
  if (!typed) return textOf(nodes); // <value>text</value> is a string
  const text = textOf(typed.children);
  switch (typed.tag) {
    case 'string':
      return text;
    case 'int':
    case 'i4':
    case 'i8':
    case 'double': {
      const number = Number(text.trim());
      if (text.trim() === '' || !Number.isFinite(number)) throw malformed(`bad number "${text.slice(0, 20)}"`);
      return number;
    }
    case 'boolean':
      return text.trim() === '1' || text.trim() === 'true';
    case 'nil':
      return null;
    case 'dateTime.iso8601':
      return text.trim();
    case 'base64':
      return new Uint8Array(Buffer.from(text.replace(/\s+/g, ''), 'base64'));
    case 'array': {
      const data = elements(typed.children).find((element) => element.tag === 'data');
      return elements(data?.children ?? [])
        .filter((element) => element.tag === 'value')
        .map((element) => decodeValue(element.children));
    }
    case 'struct':
      // fromEntries defines own properties: a member named __proto__ stays a plain member.
      return Object.fromEntries(
        elements(typed.children)
          .filter((element) => element.tag === 'member')
          .map((member) => {
            const parts = elements(member.children);
            const name = parts.find((part) => part.tag === 'name');
            const value = parts.find((part) => part.tag === 'value');
            return [textOf(name?.children ?? []), value ? decodeValue(value.children) : ''];
          }),
      );
    default:
      throw malformed(`unknown type <${typed.tag}>`);
  }
}

/** The value of a methodResponse; a fault is thrown as a ConnectorError. */
export function decodeMethodResponse(xml: string, method: string): XmlRpcValue {
  // XML-RPC has no DTDs; refusing them keeps entity expansion out.
  if (/<!DOCTYPE|<!ENTITY/i.test(xml.slice(0, 4096))) throw malformed('a DOCTYPE');
  let document: XmlNode[];
  try {
    document = parser.parse(xml) as XmlNode[];
  } catch (error) {
    throw malformed(error instanceof Error ? error.message.slice(0, 100) : 'unreadable');
  }
  const root = elements(document).find((element) => element.tag === 'methodResponse');
  if (!root) throw malformed('no methodResponse');
  const [outcome] = elements(root.children);
  if (outcome?.tag === 'fault') {
    const value = elements(outcome.children).find((element) => element.tag === 'value');
    const fault = value ? decodeValue(value.children) : {};
    const code = isStruct(fault) && typeof fault.faultCode === 'number' ? fault.faultCode : 0;
    const message = isStruct(fault) && typeof fault.faultString === 'string' ? fault.faultString : 'fault';
    throw faultError(new XmlRpcFault(code, message), method);
  }
  const param = elements(outcome?.tag === 'params' ? outcome.children : []).find((element) => element.tag === 'param');
  const value = elements(param?.children ?? []).find((element) => element.tag === 'value');
  if (!value) throw malformed('no value');
  return decodeValue(value.children);
}

// ---- Markdown → DokuWiki syntax ----

const KEEP_START = '\ue000';
const KEEP_END = '\ue001';
const BOLD = '\ue002';

/**
 * Markdown (as the library writes answers: headings, emphasis, links, lists, quotes, code, tables, rules) in
 * DokuWiki's syntax. What DokuWiki would read as its own markup in the text (`//`, `''`, `[[`, `{{`, `__`, `%%`,
 * `((`, `\\`) is kept literal with %%…%%.
 */
export function markdownToDokuwiki(markdown: string): string {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  let fence: string | null = null;
  let listIndents: number[] = [];
  let inList = false;
  let listOrdered = false;
  const endList = () => {
    inList = false;
    listIndents = [];
  };

  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const next = lines[index + 1];

    if (fence !== null) {
      if (line.trim().startsWith(fence) && line.trim().replace(/[`~]/g, '') === '') {
        out.push('</code>');
        fence = null;
      } else {
        out.push(line);
      }
      continue;
    }
    const fenceOpen = /^\s*(`{3,}|~{3,})\s*([\w+#.-]*)/.exec(line);
    if (fenceOpen) {
      fence = fenceOpen[1]!;
      out.push(fenceOpen[2] ? `<code ${fenceOpen[2]}>` : '<code>');
      endList();
      continue;
    }

    if (line.trim() === '') {
      // A blank line inside a list does not end it: DokuWiki would start a new list (and count from 1 again).
      const following = lines.slice(index + 1).find((candidate) => candidate.trim() !== '');
      const followingItem = following === undefined ? null : LIST_ITEM.exec(following);
      const sameList = followingItem && (followingItem[1] !== '' || /\d/.test(followingItem[2]!) === listOrdered);
      if (inList && following !== undefined && (sameList || /^\s{2,}\S/.test(following))) continue;
      endList();
      out.push('');
      continue;
    }

    const heading = /^\s{0,3}(#{1,6})(?:\s+(.*?))?(?:\s+#+)?\s*$/.exec(line);
    if (heading) {
      const marks = '='.repeat(Math.max(2, 7 - heading[1]!.length));
      const text = plainInline(heading[2] ?? '');
      out.push(text ? `${marks} ${text} ${marks}` : '');
      endList();
      continue;
    }
    if (/^\s{0,3}([-*_])(?:\s*\1){2,}\s*$/.test(line)) {
      out.push('----');
      endList();
      continue;
    }
    if (line.includes('|') && next !== undefined && TABLE_SEPARATOR.test(next) && next.includes('|')) {
      out.push(tableRow(line, '^'));
      index += 1;
      while (lines[index + 1]?.includes('|') && lines[index + 1]!.trim() !== '') {
        index += 1;
        out.push(tableRow(lines[index]!, '|'));
      }
      endList();
      continue;
    }

    const item = LIST_ITEM.exec(line);
    if (item) {
      const indent = item[1]!.replace(/\t/g, '    ').length;
      if (!inList) listIndents = [];
      while (listIndents.length > 0 && indent < listIndents[listIndents.length - 1]!) listIndents.pop();
      if (listIndents.length === 0 || indent > listIndents[listIndents.length - 1]!) listIndents.push(indent);
      const ordered = /\d/.test(item[2]!);
      if (listIndents.length === 1) listOrdered = ordered;
      out.push(`${'  '.repeat(listIndents.length)}${ordered ? '-' : '*'} ${convertInline(item[3]!)}`);
      inList = true;
      continue;
    }

    const quote = /^(\s*)((?:>\s?)+)(.*)$/.exec(line);
    if (quote && !(inList && quote[1]!.length > 0)) {
      out.push(`${'>'.repeat(quote[2]!.replace(/\s/g, '').length)} ${convertInline(quote[3]!.trim())}`);
      endList();
      continue;
    }

    // A line indented under a list item continues it (DokuWiki's items are one line: break it with \\).
    if (inList && /^\s+\S/.test(line)) {
      const text = quote ? `> ${convertInline(quote[3]!.trim())}` : convertInline(line.trim());
      out[out.length - 1] += ` \\\\ ${text}`;
      continue;
    }

    const setext = next !== undefined ? /^\s{0,3}(=+|-{2,})\s*$/.exec(next) : null;
    if (setext) {
      const marks = setext[1]!.startsWith('=') ? '======' : '=====';
      out.push(`${marks} ${plainInline(line.trim())} ${marks}`);
      index += 1;
      endList();
      continue;
    }

    endList();
    const hardBreak = / {2,}$/.test(line) || /[^\\]\\$/.test(line);
    const text = line.trim().replace(/\\$/, '');
    out.push(guardLineStart(convertInline(text)) + (hardBreak && next?.trim() ? ' \\\\' : ''));
  }
  if (fence !== null) out.push('</code>');
  // Only blank lines are trimmed: a first line's two spaces make it a list item.
  return `${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^\n+/, '')
    .trimEnd()}\n`;
}

const LIST_ITEM = /^(\s*)([-*+]|\d{1,9}[.)])\s+(.*)$/;
const TABLE_SEPARATOR = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;

function tableRow(line: string, separator: '^' | '|'): string {
  const cells = line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '')
    .split(/(?<!\\)\|/)
    .map((cell) => convertInline(cell.trim()) || ' ');
  return `${separator} ${cells.join(` ${separator} `)} ${separator}`;
}

/** A paragraph line must not start with what DokuWiki reads as a table row or a heading. */
function guardLineStart(text: string): string {
  const match = /^([|^]|={2,})/.exec(text);
  return match ? `%%${match[1]}%%${text.slice(match[1]!.length)}` : text;
}

/** Inline Markdown in a heading, where DokuWiki shows markup literally: the text only. */
function plainInline(text: string): string {
  return text
    .replace(/`+([^`]*)`+/g, '$1')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*{1,3}|~~)(?=\S)(.*?\S)\1/g, '$2')
    .replace(/(^|\W)(_{1,3})(?=\S)(.*?\S)\2(?!\w)/g, '$1$3')
    .replace(/\\([\\`*_{}[\]()#+\-.!|~>])/g, '$1')
    .trim();
}

function convertInline(text: string): string {
  const kept: string[] = [];
  const keep = (value: string) => `${KEEP_START}${kept.push(value) - 1}${KEEP_END}`;
  const nowiki = (value: string) => keep(`%%${value}%%`);
  const converted = text
    // Code spans: monospace, their content literal.
    .replace(/(`+)(.*?[^`])\1(?!`)/g, (_match, _ticks, code: string) => keep(`''${nowiki(code.trim())}''`))
    // Backslash escapes.
    .replace(/\\([\\`*_{}[\]()#+\-.!|~>])/g, (_match, char: string) => nowiki(char))
    // Images: ![alt](src)
    .replace(/!\[([^\]]*)\]\(\s*<?([^\s)>]+)>?(?:\s+"[^"]*")?\s*\)/g, (_match, alt: string, src: string) =>
      keep(`{{${src}${alt ? `|${alt.replace(/[|}]/g, ' ')}` : ''}}}`),
    )
    // Links: [text](url "title") → [[url|text]]
    .replace(
      /\[((?:[^[\]]|\[[^[\]]*\])*)\]\(\s*<?((?:[^\s()<>]|\([^\s()<>]*\))+)>?(?:\s+"[^"]*")?\s*\)/g,
      (_match, label: string, url: string) => {
        // A bracket in the text would end DokuWiki's link early.
        const text = plainInline(label).replaceAll('[', '(').replaceAll(']', ')');
        return keep(text ? `[[${url}|${text}]]` : `[[${url}]]`);
      },
    )
    // Autolinks <https://…>; bare URLs stay as they are (DokuWiki links them) but out of reach of the emphasis.
    .replace(/<((?:https?|ftp):\/\/[^\s<>]+)>/g, (_match, url: string) => keep(`[[${url}]]`))
    .replace(/\b(?:https?|ftp):\/\/[^\s<>]*[^\s<>.,;:!?'")\]]/g, (url) => keep(url))
    // DokuWiki's own markup in the text stays literal.
    .replace(/\/\/|''|\[\[|\]\]|\{\{|\}\}|%%|\(\(|\)\)|\\\\/g, (markup) =>
      markup === '%%' ? keep('<nowiki>%%</nowiki>') : nowiki(markup),
    )
    // Emphasis: ***x*** → **//x//**, **x** and __x__ → **x**, *x* and _x_ → //x//, ~~x~~ → <del>x</del>.
    .replace(/\*\*\*(?=\S)(.*?\S)\*\*\*/g, `${BOLD}//$1//${BOLD}`)
    .replace(/\*\*(?=\S)(.*?\S)\*\*/g, `${BOLD}$1${BOLD}`)
    .replace(/(^|[^\w])__(?=\S)(.*?\S)__(?!\w)/g, `$1${BOLD}$2${BOLD}`)
    .replace(/(^|[^\w*])\*(?=[^\s*])(.*?[^\s*])\*(?![\w*])/g, '$1//$2//')
    .replace(/(^|[^\w])_(?=[^\s_])(.*?[^\s_])_(?!\w)/g, '$1//$2//')
    .replace(/~~(?=\S)(.*?\S)~~/g, '<del>$1</del>')
    // What is left of __ would underline in DokuWiki.
    .replace(/__/g, () => nowiki('__'))
    .replaceAll(BOLD, '**');
  return restore(converted, kept);
}

function restore(text: string, kept: string[]): string {
  const pattern = new RegExp(`${KEEP_START}(\\d+)${KEEP_END}`, 'g');
  let result = text;
  // Kept pieces can hold kept pieces (a code span's %%…%%): restore until none is left.
  for (let depth = 0; depth < 3 && result.includes(KEEP_START); depth++) {
    result = result.replace(pattern, (_match, index: string) => kept[Number(index)] ?? '');
  }
  return result;
}
