import path from 'node:path/posix';
import type { ErrorCode } from '@compliance/shared/errors';

/**
 * One interface per capability (STYLE.md "Connectors"); one adapter per product implements it.
 * Adapters throw `ConnectorError` with a stable code, so the service records and the interface
 * translates every failure the same way whatever the product.
 */

export type ConnectorErrorCode = Extract<ErrorCode, `INTEGRATION_${string}`>;

export class ConnectorError extends Error {
  override name = 'ConnectorError';
  readonly code: ConnectorErrorCode;
  /** The remote's own words (shown beside the translated message), never a secret. */
  readonly detail: string;
  /** For INTEGRATION_RATE_LIMITED: how long the remote asked us to wait. */
  readonly retryAfterMs: number | undefined;

  constructor(code: ConnectorErrorCode, detail: string, retryAfterMs?: number) {
    super(`${code}: ${detail}`);
    this.code = code;
    this.detail = detail;
    this.retryAfterMs = retryAfterMs;
  }
}

const UNREACHABLE_CODES = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_SOCKET',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** Any failure of a call to a remote, as a ConnectorError (network errors are searched through `cause`). */
export function toConnectorError(error: unknown): ConnectorError {
  let current: unknown = error;
  for (let depth = 0; current && depth < 6; depth += 1) {
    if (current instanceof ConnectorError) return current;
    const { code, name, message } = current as { code?: unknown; name?: unknown; message?: unknown };
    if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) {
      return new ConnectorError('INTEGRATION_UNREACHABLE', code);
    }
    if (name === 'TimeoutError' || name === 'AbortError') {
      return new ConnectorError('INTEGRATION_UNREACHABLE', 'timed out');
    }
    if (name === 'ConnectorError' && typeof message === 'string') break;
    // undici puts the network error in `cause`, the Slack client in `original`.
    current = (current as { cause?: unknown }).cause ?? (current as { original?: unknown }).original;
  }
  // fetch's own words ("fetch failed") say nothing: the causes' words follow ("fetch failed: bad port").
  const messages: string[] = [];
  for (let cause: unknown = error; cause && messages.length < 4; cause = (cause as { cause?: unknown }).cause) {
    const text = cause instanceof Error ? cause.message : String(cause);
    if (text && !messages.includes(text)) messages.push(text);
  }
  return new ConnectorError('INTEGRATION_REMOTE_ERROR', messages.join(': ').slice(0, 300));
}

/** Maps an HTTP status a remote answered to the failure it means. */
export function httpStatusError(status: number, detail: string, retryAfter?: string | null): ConnectorError {
  if (status === 401 || status === 403) return new ConnectorError('INTEGRATION_AUTH_FAILED', detail);
  if (status === 404 || status === 410) return new ConnectorError('INTEGRATION_REMOTE_NOT_FOUND', detail);
  if (status === 429) {
    return new ConnectorError('INTEGRATION_RATE_LIMITED', detail, retryAfterMs(retryAfter));
  }
  if (status >= 300 && status < 400) {
    return new ConnectorError('INTEGRATION_REMOTE_ERROR', `redirected (${status}): redirects are not followed`);
  }
  return new ConnectorError('INTEGRATION_REMOTE_ERROR', detail);
}

/** A Retry-After header (seconds or an HTTP date) in milliseconds; a minute when absent or odd. */
export function retryAfterMs(header: string | null | undefined): number {
  if (!header) return 60_000;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, 3_600_000);
  const date = Date.parse(header);
  return Number.isFinite(date) ? Math.min(Math.max(date - Date.now(), 0), 3_600_000) : 60_000;
}

// ---- storage ----

export interface RemoteFile {
  /** Path relative to the connection's folder, with forward slashes, no leading slash. */
  path: string;
  /** ETag, or size and modification time when the server gives none. */
  version: string;
  size: number;
  contentType: string;
}

/** What one entry of a folder is, for `listFolderTree`: a folder to walk into, a file, or neither. */
export type FolderEntryKind = { folderId: string } | { file: Omit<RemoteFile, 'path'> } | null;

/**
 * Every file under a folder of a service that lists folders by id (Box, Google Drive, OneDrive and
 * SharePoint), breadth first, at most `limit` + 1, sorted by path. `classify` says what each entry is;
 * it may also remember the entry under its path, for a later `read`.
 */
export async function listFolderTree<Entry extends { name: string }>(
  rootId: string,
  limit: number,
  children: (folderId: string) => Promise<Entry[]>,
  classify: (entry: Entry, relative: string) => FolderEntryKind,
): Promise<RemoteFile[]> {
  const found: RemoteFile[] = [];
  const pending: { id: string; relative: string }[] = [{ id: rootId, relative: '' }];
  while (pending.length > 0 && found.length <= limit) {
    const folder = pending.shift()!;
    for (const entry of await children(folder.id)) {
      const relative = folder.relative ? `${folder.relative}/${entry.name}` : entry.name;
      const kind = classify(entry, relative);
      if (kind && 'folderId' in kind) pending.push({ id: kind.folderId, relative });
      else if (kind) {
        found.push({ path: relative, ...kind.file });
        if (found.length > limit) break;
      }
    }
  }
  return found.sort((a, b) => a.path.localeCompare(b.path));
}

const contentTypes: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.txt': 'text/plain',
  '.md': 'text/markdown',
  '.markdown': 'text/markdown',
  '.csv': 'text/csv',
  '.html': 'text/html',
  '.htm': 'text/html',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/**
 * The media type of a file by its extension, for services that give none: the types the library tells
 * apart by name; the rest is sent as bytes and recognised by content.
 */
export function contentTypeOf(filePath: string): string {
  return contentTypes[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

export interface StorageConnector {
  /** Signs in and reads the folder: throws when either fails. */
  check(): Promise<void>;
  /** Every file under the folder (sub-folders included), at most `limit` + 1 (so "too many" can be told). */
  list(limit: number): Promise<RemoteFile[]>;
  read(path: string, maxBytes: number): Promise<Uint8Array>;
  /** Writes a file (creating its folders), replacing one of the same name. */
  write(path: string, content: string, contentType: string): Promise<void>;
  /** Where it points, for display. */
  describe(): string;
}

// ---- messages ----

export interface OutboundMessage {
  title: string;
  /** Markdown: the answer's text, [n] markers kept. */
  text: string;
  citations: { number: number; title: string; url: string | null; quote: string }[];
  /** Who sent it and from where, shown under the message. */
  footer: string;
  /**
   * The same for every attempt to send this message: a product that de-duplicates (Matrix's
   * transaction ids) shows a retried post once.
   */
  idempotencyKey?: string;
}

export interface MessageConnector {
  /** Signs in and finds the channel; a product that can only be tested by posting returns what it posted. */
  check(): Promise<{ testMessage: string | null }>;
  post(message: OutboundMessage): Promise<{ externalId: string | null }>;
  describe(): string;
}

// ---- tickets and tasks ----

export interface NewTicket {
  subject: string;
  /** Plain text: the answer with its numbered sources, or a task's description. */
  body: string;
  /** A task's due date (`YYYY-MM-DD`). */
  due?: string | null;
  /** A task's assignee: the remote's user name (or e-mail address). */
  owner?: string | null;
}

export interface RemoteTicket {
  /** The ticket's number in the remote (RT: its number; Jira: the id; Asana: the task's gid). */
  number: number;
  /** The remote's own label where it is not the number (Jira's issue key, "COMP-12"). */
  reference?: string | null;
  /** Where a person opens it. */
  url: string;
  /** The remote's own status word ("new", "open", "resolved"…), shown as is. */
  status: string;
  subject: string;
  owner: string | null;
  due: string | null;
}

export interface TicketConnector {
  /** Signs in and finds the queue (or project): throws when either fails. */
  check(): Promise<void>;
  create(ticket: NewTicket): Promise<RemoteTicket>;
  get(number: number): Promise<RemoteTicket>;
  /** Products whose tickets have a label besides the number (Jira's "COMP-12"): the ticket it names. */
  getByReference?(reference: string): Promise<RemoteTicket>;
  /** The ticket's first message, as plain text (its question), at most `maxChars` characters. */
  firstMessage(number: number, maxChars: number): Promise<{ subject: string; text: string }>;
  describe(): string;
}
