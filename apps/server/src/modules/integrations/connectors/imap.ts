import net from 'node:net';
import type { FetchMessageObject, ImapFlow, MessageEnvelopeObject, MessageStructureObject } from 'imapflow';
import type { AddressObject, ParsedMail } from 'mailparser';
import type { ImapSettings } from '@compliance/shared/integrations';
import { FOLDER_NAME_INVALID_CHARACTERS } from '@compliance/shared/documents';
import type { Outbound } from '../outbound.ts';
import { ConnectorError, toConnectorError, type RemoteFile, type StorageConnector } from './connector.ts';

/** A connection left unused this long is closed (a sync reads one file after the other through one). */
const IDLE_CLOSE_MS = 5_000;
const CONNECT_TIMEOUT_MS = 30_000;
const GREETING_TIMEOUT_MS = 16_000;
const SOCKET_TIMEOUT_MS = 60_000;
/** Messages whose envelope and structure are fetched in one FETCH. */
const FETCH_BATCH = 100;
/**
 * How much of a message's source is read to render it: the headers and text parts come before the
 * attachments (which are files of their own), so this is the text's bound, not the attachments'.
 */
const MESSAGE_SOURCE_BYTES = 8 * 1024 * 1024;
const SUBJECT_CHARS = 80;
const ATTACHMENT_NAME_CHARS = 120;

/** Attached files the library can ingest (others — images, archives — would fail every sync). */
const DOCUMENT_EXTENSIONS = new Set(['pdf', 'docx', 'txt', 'md', 'markdown', 'csv', 'tsv', 'html', 'htm']);
const DOCUMENT_TYPES = new Set([
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'text/plain',
  'text/markdown',
  'text/csv',
  'text/html',
]);

const MESSAGE_SUFFIX = '.eml.md';
/** `2026-11-20 Grey list update (42).eml.md` and `2026-11-20 Grey list update (42)/report.pdf` */
const MESSAGE_PATH = /^(?<base>.*\((?<uid>\d+)\))(?:\.eml\.md|\/(?<attachment>[^/]+))$/;

interface Attachment {
  /** The body part's number, as FETCH BODY[…] names it. */
  part: string;
  /** Its file name in the library, unique within the message. */
  name: string;
  size: number;
  contentType: string;
}

/**
 * IMAP in: one folder of a mailbox as a storage folder, through `imapflow`. Each message is a Markdown
 * document (its header block and text; an HTML-only message converted to text) named after its date,
 * subject and UID, and each attached document (PDF, DOCX, text) a file in a folder named after the
 * message. A message's content never changes under its UID, so its version is UIDVALIDITY:UID:size —
 * not MODSEQ, which moves whenever a flag changes (a message read) and would re-ingest it for nothing;
 * a new UIDVALIDITY renumbers the folder, and everything is synced anew. A saved answer is APPENDed to
 * the folder as a plain-text message from the connection's user.
 *
 * The host passes the network guard: it is resolved and checked here, and the connection is opened to
 * the checked address (TLS still verifies the certificate against the host name).
 */
export function createImapConnector(settings: ImapSettings, password: string, outbound: Outbound): StorageConnector {
  const host = settings.host.replace(/^\[|\]$/g, '');
  // An address on a private network (or localhost) is refused at once; a name once it is resolved.
  outbound.checkUrl(`imap://${net.isIPv6(host) ? `[${host}]` : host}/`);
  let session: Promise<ImapFlow> | null = null;
  let idleTimer: NodeJS.Timeout | undefined;
  let busy = 0;

  async function connect(): Promise<ImapFlow> {
    const { address } = await outbound.resolveHost(host);
    // imapflow is loaded with the first connection, not at the server's start (docs/performance.md, "Memory").
    const { ImapFlow } = await import('imapflow');
    const client = new ImapFlow({
      host: address,
      port: settings.port,
      secure: settings.tls,
      ...(net.isIP(host) ? {} : { servername: host }),
      auth: { user: settings.username, pass: password },
      logger: false,
      disableAutoIdle: true,
      connectionTimeout: CONNECT_TIMEOUT_MS,
      greetingTimeout: GREETING_TIMEOUT_MS,
      socketTimeout: SOCKET_TIMEOUT_MS,
    });
    // A dropped connection is reported by the command that needed it; the next call opens another.
    client.on('error', () => forget(client));
    client.on('close', () => forget(client));
    await client.connect();
    return client;
  }

  function forget(client: ImapFlow) {
    void session?.then(
      (current) => {
        if (current === client) session = null;
      },
      () => undefined,
    );
  }

  /** Runs `work` on the open connection (opened when none is), closing it once nothing used it for a while. */
  async function withClient<T>(work: (client: ImapFlow) => Promise<T>): Promise<T> {
    clearTimeout(idleTimer);
    busy += 1;
    try {
      session ??= connect().catch((error: unknown) => {
        session = null;
        throw error;
      });
      return await work(await session);
    } catch (error) {
      throw imapError(error);
    } finally {
      busy -= 1;
      if (busy === 0 && session) {
        const open = session;
        idleTimer = setTimeout(() => {
          if (session !== open) return;
          session = null;
          void open.then((client) => client.logout()).catch(() => undefined);
        }, IDLE_CLOSE_MS);
        idleTimer.unref();
      }
    }
  }

  /** Runs `work` with the folder selected read-only (EXAMINE): reading a message never marks it as seen. */
  function inFolder<T>(work: (client: ImapFlow, uidValidity: string) => Promise<T>): Promise<T> {
    return withClient(async (client) => {
      const lock = await client.getMailboxLock(settings.folder, { readOnly: true });
      try {
        const mailbox = client.mailbox;
        return await work(client, mailbox ? String(mailbox.uidValidity) : '0');
      } finally {
        lock.release();
      }
    });
  }

  async function findMessage(client: ImapFlow, uid: string) {
    const message = await client.fetchOne(uid, { uid: true, bodyStructure: true }, { uid: true });
    if (!message) throw new ConnectorError('INTEGRATION_REMOTE_NOT_FOUND', `no message ${uid} in ${settings.folder}`);
    return message;
  }

  return {
    describe: () => `${host}/${settings.folder}`,

    async check() {
      await inFolder(async () => undefined);
    },

    async list(limit) {
      return inFolder(async (client, uidValidity) => {
        const found: RemoteFile[] = [];
        const uids = (await client.search({ all: true }, { uid: true })) || [];
        uids.sort((a, b) => a - b);
        for (let start = 0; start < uids.length && found.length <= limit; start += FETCH_BATCH) {
          const batch = uids.slice(start, start + FETCH_BATCH).join(',');
          const messages = await client.fetchAll(
            batch,
            { uid: true, envelope: true, bodyStructure: true, size: true, internalDate: true },
            { uid: true },
          );
          for (const message of messages.sort((a, b) => a.uid - b.uid)) {
            const base = messageBase(message);
            const version = `${uidValidity}:${message.uid}:${message.size ?? 0}`;
            found.push({
              path: `${base}${MESSAGE_SUFFIX}`,
              version,
              // The text parts' size: the attachments are files of their own.
              size: textSize(message.bodyStructure),
              contentType: 'text/markdown',
            });
            for (const attachment of attachments(message.bodyStructure)) {
              found.push({
                path: `${base}/${attachment.name}`,
                version,
                size: attachment.size,
                contentType: attachment.contentType,
              });
            }
            if (found.length > limit) break;
          }
        }
        return found.slice(0, limit + 1);
      });
    },

    async read(relative, maxBytes) {
      const match = MESSAGE_PATH.exec(relative);
      if (!match?.groups) throw new ConnectorError('INTEGRATION_REMOTE_NOT_FOUND', `${relative} is not a message`);
      const { uid = '', attachment: name } = match.groups;
      return inFolder(async (client) => {
        if (name === undefined) {
          const maxLength = Math.min(maxBytes, MESSAGE_SOURCE_BYTES);
          const message = await client.fetchOne(uid, { uid: true, source: { maxLength } }, { uid: true });
          if (!message || !message.source) {
            throw new ConnectorError('INTEGRATION_REMOTE_NOT_FOUND', `no message ${uid} in ${settings.folder}`);
          }
          const { simpleParser } = await import('mailparser');
          const parsed = await simpleParser(message.source, {
            skipHtmlToText: true,
            skipImageLinks: true,
            skipTextToHtml: true,
            skipTextLinks: true,
            keepCidLinks: true,
          });
          const bytes = new TextEncoder().encode(await renderMessage(parsed, maxBytes));
          if (bytes.byteLength > maxBytes) {
            throw new ConnectorError('INTEGRATION_REMOTE_ERROR', `larger than ${maxBytes} bytes`);
          }
          return bytes;
        }
        const message = await findMessage(client, uid);
        const wanted = attachments(message.bodyStructure).find((item) => item.name === name);
        if (!wanted) throw new ConnectorError('INTEGRATION_REMOTE_NOT_FOUND', `no attachment ${name} in ${uid}`);
        const download = await client.download(uid, wanted.part, { uid: true, decodeText: false });
        if (!download.content) throw new ConnectorError('INTEGRATION_REMOTE_NOT_FOUND', `no attachment ${name}`);
        const chunks: Buffer[] = [];
        let total = 0;
        for await (const chunk of download.content as AsyncIterable<Buffer>) {
          total += chunk.byteLength;
          if (total > maxBytes) {
            download.content.destroy();
            throw new ConnectorError('INTEGRATION_REMOTE_ERROR', `larger than ${maxBytes} bytes`);
          }
          chunks.push(chunk);
        }
        return new Uint8Array(Buffer.concat(chunks));
      });
    },

    // The library writes Markdown answers: the message's text is that Markdown, its subject the answer's title.
    async write(relative, content, _contentType) {
      const { default: MailComposer } = await import('nodemailer/lib/mail-composer');
      const from = settings.username.includes('@') ? settings.username : `${settings.username}@${host}`;
      const raw = await new MailComposer({
        from,
        to: from,
        subject: answerSubject(relative, content),
        text: content,
        date: new Date(),
      })
        .compile()
        .build();
      await withClient(async (client) => {
        const appended = await client.append(settings.folder, raw, ['\\Seen']);
        if (!appended) throw new ConnectorError('INTEGRATION_REMOTE_ERROR', `${settings.folder} refused the message`);
      });
    },
  };
}

/** `2026-11-20 Grey list update (42)`: the date, the subject made a valid file name, the UID that keeps it unique. */
function messageBase(message: FetchMessageObject): string {
  const when = envelopeDate(message.envelope) ?? toDate(message.internalDate);
  const day = when ? when.toISOString().slice(0, 10) : '0000-00-00';
  const subject = safeName(message.envelope?.subject ?? '', SUBJECT_CHARS) || 'No subject';
  return `${day} ${subject} (${message.uid})`;
}

function envelopeDate(envelope: MessageEnvelopeObject | undefined): Date | null {
  return toDate(envelope?.date);
}

function toDate(value: Date | string | undefined): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A subject or an attachment's name as a library file name: no separators, controls or hidden characters. */
function safeName(value: string, maxChars: number): string {
  return [
    ...value
      .normalize('NFC')
      .replace(new RegExp(FOLDER_NAME_INVALID_CHARACTERS.source, 'gu'), ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  ]
    .slice(0, maxChars)
    .join('')
    .trim()
    .replace(/^\.+$/, '');
}

function leaves(node: MessageStructureObject | undefined): MessageStructureObject[] {
  if (!node) return [];
  // An attached message is one thing, not its parts.
  if (node.childNodes?.length && node.type !== 'message/rfc822') return node.childNodes.flatMap(leaves);
  return [node];
}

function fileNameOf(node: MessageStructureObject): string {
  return node.dispositionParameters?.filename ?? node.parameters?.name ?? '';
}

/** The text parts' size (the message file's size as the sync checks it). */
function textSize(structure: MessageStructureObject | undefined): number {
  return leaves(structure)
    .filter((node) => node.type.startsWith('text/') && node.disposition !== 'attachment' && !fileNameOf(node))
    .reduce((sum, node) => sum + (node.size ?? 0), 0);
}

/** The attached documents, each with a name unique within its message ("report.pdf", "report (2).pdf"). */
function attachments(structure: MessageStructureObject | undefined): Attachment[] {
  const taken = new Set<string>();
  const found: Attachment[] = [];
  for (const node of leaves(structure)) {
    const fileName = fileNameOf(node);
    if (!node.part || node.disposition === 'inline' || (!fileName && node.disposition !== 'attachment')) continue;
    const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
    if (!DOCUMENT_TYPES.has(node.type.toLowerCase()) && !DOCUMENT_EXTENSIONS.has(extension)) continue;
    const clean = safeName(fileName, ATTACHMENT_NAME_CHARS) || `part ${node.part}`;
    let name = clean;
    for (let copy = 2; taken.has(name.toLowerCase()); copy += 1) {
      const dot = clean.lastIndexOf('.');
      name = dot > 0 ? `${clean.slice(0, dot)} (${copy})${clean.slice(dot)}` : `${clean} (${copy})`;
    }
    taken.add(name.toLowerCase());
    // A base64 part is larger than the file it holds: 57 bytes a line of 76 characters and a line break.
    const size =
      node.encoding?.toLowerCase() === 'base64' ? Math.floor(((node.size ?? 0) * 57) / 78) : (node.size ?? 0);
    found.push({ part: node.part, name, size, contentType: node.type.toLowerCase() });
  }
  return found;
}

/** `Name <address>, address`: a group's members are listed as addresses of their own. */
function addresses(value: AddressObject | AddressObject[] | undefined): string {
  const list = (Array.isArray(value) ? value : value ? [value] : []).flatMap((item) => item.value);
  return list
    .flatMap((entry) => (entry.group ? entry.group : [entry]))
    .map((entry) => (entry.name && entry.address ? `${entry.name} <${entry.address}>` : entry.address || entry.name))
    .filter(Boolean)
    .join(', ');
}

/** One line of the header block: Markdown's own characters in it are taken literally. */
function headerLine(label: string, value: string): string {
  return `- **${label}:** ${value.replace(/\s+/g, ' ').replace(/([\\`*_[\]<>#|])/g, '\\$1')}`;
}

/** A message as Markdown: its subject as the title, a header block, then its text. */
async function renderMessage(parsed: ParsedMail, maxBytes: number): Promise<string> {
  const subject = (parsed.subject ?? '').replace(/\s+/g, ' ').trim() || 'No subject';
  const header = [
    headerLine('From', addresses(parsed.from)),
    headerLine('To', addresses(parsed.to)),
    ...(parsed.cc ? [headerLine('Cc', addresses(parsed.cc))] : []),
    headerLine('Date', parsed.date ? parsed.date.toISOString().replace('T', ' ').slice(0, 16) + ' UTC' : ''),
    headerLine('Subject', subject),
  ];
  const attached = parsed.attachments
    .filter((item) => item.contentDisposition !== 'inline')
    .map((item) => item.filename)
    .filter(Boolean);
  if (attached.length > 0) header.push(headerLine('Attachments', attached.join(', ')));
  let body = parsed.text?.trim() ?? '';
  if (!body && parsed.html) body = await htmlToMarkdown(parsed.html, maxBytes);
  return [`# ${subject.replace(/([\\`*_[\]<>#|])/g, '\\$1')}`, '', ...header, '', '---', '', body, ''].join('\n');
}

/** An HTML-only message's text, through the library's own HTML reader (scripts, styles, images dropped). */
async function htmlToMarkdown(html: string, maxBytes: number): Promise<string> {
  const { parseHtml } = await import('../../ingestion/parsers/html.ts');
  const { blocks } = parseHtml(html, { maxTextChars: maxBytes });
  return blocks.map((block) => (block.heading ? `## ${block.text}` : block.text)).join('\n\n');
}

/** The answer's title (its first heading), else the saved file's name without its time stamp. */
function answerSubject(relative: string, content: string): string {
  const heading = /^#\s+(.+)$/m.exec(content)?.[1]?.trim();
  if (heading) return heading.slice(0, 200);
  const name = relative.split('/').pop() ?? relative;
  return name.replace(/\.md$/i, '').replace(/^\d{4}-\d{2}-\d{2} \d{4} /, '') || 'Answer';
}

/** imapflow's failures as connector errors: a refused login, a missing folder, a server gone. */
function imapError(error: unknown): ConnectorError {
  if (error instanceof ConnectorError) return error;
  const failure = error as {
    code?: unknown;
    authenticationFailed?: unknown;
    mailboxMissing?: unknown;
    serverResponseCode?: unknown;
    responseText?: unknown;
    tlsFailed?: unknown;
    throttleReset?: unknown;
    message?: unknown;
  };
  const said = typeof failure.responseText === 'string' ? failure.responseText : String(failure.message ?? error);
  const detail = said.replace(/\s+/g, ' ').slice(0, 300);
  // Too many connections of the user (Dovecot's mail_max_userip_connections) or the server is busy: try later.
  if (failure.serverResponseCode === 'LIMIT' || failure.serverResponseCode === 'UNAVAILABLE') {
    return new ConnectorError('INTEGRATION_RATE_LIMITED', detail, 5 * 60_000);
  }
  if (failure.authenticationFailed === true || failure.serverResponseCode === 'AUTHENTICATIONFAILED') {
    return new ConnectorError('INTEGRATION_AUTH_FAILED', detail);
  }
  if (
    failure.mailboxMissing === true ||
    failure.serverResponseCode === 'NONEXISTENT' ||
    failure.serverResponseCode === 'TRYCREATE'
  ) {
    return new ConnectorError('INTEGRATION_REMOTE_NOT_FOUND', detail);
  }
  if (failure.code === 'ETHROTTLE') {
    const wait = typeof failure.throttleReset === 'number' ? failure.throttleReset : 60_000;
    return new ConnectorError('INTEGRATION_RATE_LIMITED', detail, wait);
  }
  if (
    failure.tlsFailed === true ||
    (typeof failure.code === 'string' &&
      [
        'CONNECT_TIMEOUT',
        'GREETING_TIMEOUT',
        'UPGRADE_TIMEOUT',
        'ETIMEOUT',
        'NoConnection',
        'EConnectionClosed',
        'ClosedAfterConnectText',
        'ClosedAfterConnectTLS',
      ].includes(failure.code))
  ) {
    return new ConnectorError('INTEGRATION_UNREACHABLE', detail);
  }
  return toConnectorError(error);
}
