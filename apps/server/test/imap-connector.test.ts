import dns from 'node:dns';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ImapFlow } from 'imapflow';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { FolderContents } from '@compliance/shared/documents';
import type { Connection, ConnectionTestResult, JournalEntry, SyncRun } from '@compliance/shared/integrations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImapConnector } from '../src/modules/integrations/connectors/imap.ts';
import { createOutbound, isPrivateAddress, type Outbound } from '../src/modules/integrations/outbound.ts';
import { assistantId, parseEvents } from './chat/helpers.ts';
import { dovecotAvailable, dovecotInstallCommand, startDovecot, type DovecotServer } from './helpers/dovecot.ts';
import { allowPersonalConnections, createTestUser, type TestUser } from './helpers/factories.ts';
import { getFreePort } from './helpers/server-process.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { corpusAvailable, corpusDir } from './ingestion/fixtures.ts';

// On a developer's machine without Dovecot these tests skip, loudly; in CI (which installs it) they must run,
// and startDovecot fails with the install command.
const skip = (!dovecotAvailable() || !corpusAvailable) && !process.env.CI;
if (skip) console.warn(`Skipping the IMAP connector tests: ${dovecotInstallCommand} (and ../shared/corpus)`);

const FOLDER = 'Compliance';
/** A small Swiss ordinance from the shared corpus, attached to the first message. */
const pdfName = 'SR_221.431_GeBuV_Geschaeftsbuecherverordnung_Stand_2013-01-01.pdf';
const pdfPath = path.join(corpusDir, 'regulatory/ch_federal_acts', pdfName);
const nonAsciiSubject = 'Prüfung der Sorgfaltspflichten – Änderungen ab Januar';

let dovecot: DovecotServer;
/** The mailbox's own user, writing to it directly. */
let mailbox: ImapFlow;
let outbound: Outbound;

async function append(message: ConstructorParameters<typeof MailComposer>[0]): Promise<number> {
  const raw = await new MailComposer({ to: dovecot.username, ...message }).compile().build();
  const appended = await mailbox.append(FOLDER, raw);
  if (!appended || !appended.uid) throw new Error('Dovecot did not append the message');
  return appended.uid;
}

function connector(options: { password?: string; folder?: string; port?: number } = {}) {
  return createImapConnector(
    {
      host: dovecot.host,
      port: options.port ?? dovecot.port,
      tls: false,
      username: dovecot.username,
      folder: options.folder ?? FOLDER,
      schedule: 'manual',
    },
    options.password ?? dovecot.password,
    outbound,
  );
}

async function readText(file: string): Promise<string> {
  return new TextDecoder().decode(await connector().read(file, 1_000_000));
}

describe.skipIf(skip)('IMAP connector against a real Dovecot (maildir, plain-text login on loopback)', () => {
  let uidValidity: string;
  const uids: Record<'grey' | 'html' | 'german', number> = { grey: 0, html: 0, german: 0 };

  beforeAll(async () => {
    dovecot = await startDovecot();
    mailbox = await dovecot.client();
    await mailbox.mailboxCreate(FOLDER);
    uids.grey = await append({
      from: 'FATF Desk <desk@fatf.example>',
      subject: 'Grey list update: new jurisdictions',
      date: new Date('2026-11-20T09:30:00Z'),
      text: 'The plenary added two jurisdictions to the list of increased monitoring.\n\nSee the attached ordinance.',
      attachments: [
        { filename: pdfName, content: fs.readFileSync(pdfPath), contentType: 'application/pdf' },
        // An image is not a document: it is left out of the library.
        { filename: 'logo.png', content: Buffer.from('89504e470d0a1a0a', 'hex'), contentType: 'image/png' },
      ],
    });
    uids.html = await append({
      from: 'Screening Bot <bot@screening.example>',
      subject: 'Sanctions screening reminder',
      date: new Date('2026-11-21T08:00:00Z'),
      html:
        '<html><head><style>p { color: red }</style><script>alert("no")</script></head><body>' +
        '<h2>Quarterly screening</h2><p>Rescreen every <b>counterparty</b> against the SECO lists.</p>' +
        '<img src="cid:tracker"></body></html>',
    });
    uids.german = await append({
      from: 'Compliance Team <team@bank.example>',
      subject: nonAsciiSubject,
      date: new Date('2026-11-22T10:15:00Z'),
      text: 'Die Sorgfaltspflichten für wirtschaftlich Berechtigte werden verschärft.',
    });
    const status = await mailbox.status(FOLDER, { uidValidity: true });
    uidValidity = String(status && status.uidValidity);
    outbound = createOutbound({ allowPrivateNetworks: true });
  }, 120_000);

  afterAll(async () => {
    await mailbox?.logout().catch(() => undefined);
    await outbound?.close();
    await dovecot?.stop();
  });

  it('seeds the non-ASCII subject as an RFC 2047 encoded word', async () => {
    await mailbox.mailboxOpen(FOLDER, { readOnly: true });
    const message = await mailbox.fetchOne(String(uids.german), { headers: ['subject'] }, { uid: true });
    await mailbox.mailboxClose();
    expect(message && message.headers?.toString()).toMatch(/^Subject: =\?UTF-8\?[QB]\?/im);
  });

  it('lists one Markdown file per message and one file per attached document, versioned UIDVALIDITY:UID:size', async () => {
    await connector().check();
    expect(connector().describe()).toBe(`127.0.0.1/${FOLDER}`);
    const files = await connector().list(100);
    const grey = `2026-11-20 Grey list update new jurisdictions (${uids.grey})`;
    expect(files.map((file) => file.path)).toEqual([
      `${grey}.eml.md`,
      `${grey}/${pdfName}`,
      `2026-11-21 Sanctions screening reminder (${uids.html}).eml.md`,
      `2026-11-22 ${nonAsciiSubject} (${uids.german}).eml.md`,
    ]);
    for (const file of files) expect(file.version).toMatch(new RegExp(`^${uidValidity}:\\d+:\\d+$`));
    expect(files[0]!.version).toBe(files[1]!.version);
    expect(files[0]).toMatchObject({ contentType: 'text/markdown' });
    expect(files[1]).toMatchObject({ contentType: 'application/pdf' });
    // The PDF's size, estimated from its base64 part; the message's is that of its text only.
    expect(Math.abs(files[1]!.size / fs.statSync(pdfPath).size - 1)).toBeLessThan(0.01);
    expect(files[0]!.size).toBeLessThan(1_000);
    // At most limit + 1, so that "too many" can be told.
    expect(await connector().list(1)).toHaveLength(2);
  });

  it('reads a message as Markdown with its header block, an HTML-only one as text, an attachment as its bytes', async () => {
    const files = (await connector().list(100)).map((file) => file.path);
    const grey = await readText(files[0]!);
    expect(grey).toMatch(/^# Grey list update: new jurisdictions\n/);
    expect(grey).toContain('- **From:** FATF Desk \\<desk@fatf.example\\>');
    expect(grey).toContain(`- **To:** ${dovecot.username}`);
    expect(grey).toContain('- **Date:** 2026-11-20 09:30 UTC');
    expect(grey).toContain('- **Subject:** Grey list update: new jurisdictions');
    expect(grey).toContain(`- **Attachments:** ${pdfName.replaceAll('_', '\\_')}, logo.png`);
    expect(grey).toContain('The plenary added two jurisdictions to the list of increased monitoring.');

    const html = await readText(files[2]!);
    expect(html).toContain('## Quarterly screening');
    expect(html).toContain('Rescreen every counterparty against the SECO lists.');
    // The HTML's text only: no script, style, markup or image links.
    expect(html.split('\n---\n')[1]).not.toMatch(/alert|color: red|<|cid:/);

    const german = await readText(files[3]!);
    expect(german).toMatch(new RegExp(`^# ${nonAsciiSubject}\\n`));
    expect(german).toContain('wirtschaftlich Berechtigte');

    const pdf = await connector().read(files[1]!, 10_000_000);
    expect(Buffer.from(pdf).equals(fs.readFileSync(pdfPath))).toBe(true);
    await expect(connector().read(files[1]!, 1_000)).rejects.toMatchObject({
      code: 'INTEGRATION_REMOTE_ERROR',
      detail: 'larger than 1000 bytes',
    });
    await expect(connector().read('2026-11-20 Gone (999).eml.md', 1_000_000)).rejects.toMatchObject({
      code: 'INTEGRATION_REMOTE_NOT_FOUND',
    });
  });

  it('translates a wrong password, a missing folder, a closed port and a private address', async () => {
    await expect(connector({ password: 'wrong' }).check()).rejects.toMatchObject({ code: 'INTEGRATION_AUTH_FAILED' });
    await expect(connector({ folder: 'Nowhere' }).check()).rejects.toMatchObject({
      code: 'INTEGRATION_REMOTE_NOT_FOUND',
    });
    await expect(connector({ folder: 'Nowhere' }).write('a.md', '# A\n', 'text/markdown')).rejects.toMatchObject({
      code: 'INTEGRATION_REMOTE_NOT_FOUND',
    });
    await expect(connector({ port: await getFreePort() }).check()).rejects.toMatchObject({
      code: 'INTEGRATION_UNREACHABLE',
    });
    const guarded = createOutbound({ allowPrivateNetworks: false });
    try {
      const settings = { port: dovecot.port, tls: false, username: 'x', folder: FOLDER, schedule: 'manual' as const };
      expect(() => createImapConnector({ ...settings, host: '127.0.0.1' }, 'x', guarded)).toThrow(
        expect.objectContaining({ code: 'INTEGRATION_ADDRESS_BLOCKED' }),
      );
      // A name is resolved before connecting, and its address checked (this machine's name is on loopback here).
      const host = os.hostname();
      const resolved = await dns.promises.lookup(host);
      expect(isPrivateAddress(resolved.address), `${host} → ${resolved.address}`).toBe(true);
      await expect(createImapConnector({ ...settings, host }, 'x', guarded).check()).rejects.toMatchObject({
        code: 'INTEGRATION_ADDRESS_BLOCKED',
      });
    } finally {
      await guarded.close();
    }
  });

  describe('synced into the library through the HTTP API', () => {
    let app: TestApp;
    let alice: TestUser;
    let bob: TestUser;

    beforeAll(async () => {
      app = await createTestApp({ env: { INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: 'true' }, chat: { offlinePaceMs: 0 } });
      await allowPersonalConnections(app, 50);
      [alice, bob] = await Promise.all([createTestUser(app), createTestUser(app)]);
    }, 120_000);

    afterAll(async () => {
      await app?.close();
    });

    function call(user: TestUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) {
      return app.inject({ method, url: `/api${url}`, headers: user.headers, ...(payload ? { payload } : {}) });
    }

    async function runJobs(): Promise<void> {
      for (let round = 0; round < 30 && (await app.jobs.runDueJobs()) > 0; round += 1);
    }

    async function sync(id: string): Promise<SyncRun> {
      const queued = await call(alice, 'POST', `/integrations/${id}/sync`);
      expect(queued.statusCode, queued.body).toBe(202);
      await runJobs();
      return ((await call(alice, 'GET', `/integrations/${id}/runs`)).json() as { runs: SyncRun[] }).runs[0]!;
    }

    async function contents(folderId: string): Promise<FolderContents> {
      return (await call(alice, 'GET', `/documents?folderId=${folderId}`)).json() as FolderContents;
    }

    async function searchFileNames(query: string): Promise<string[]> {
      const response = await call(alice, 'GET', `/documents/search?q=${encodeURIComponent(query)}`);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { passages: { fileName: string }[] }).passages.map((passage) => passage.fileName);
    }

    function connect(overrides: Record<string, unknown> = {}) {
      return call(alice, 'POST', '/integrations', {
        kind: 'imap',
        name: 'Compliance mailbox',
        settings: {
          host: dovecot.host,
          port: String(dovecot.port),
          tls: false,
          username: dovecot.username,
          folder: FOLDER,
          schedule: 'daily',
        },
        secret: dovecot.password,
        ...overrides,
      });
    }

    it('syncs messages and attached documents, mirrors new and deleted messages, and appends a saved answer', async () => {
      const created = await connect();
      expect(created.statusCode, created.body).toBe(201);
      const connection = created.json() as Connection;
      expect(connection).toMatchObject({
        kind: 'imap',
        capability: 'storage',
        status: 'connected',
        target: `127.0.0.1/${FOLDER}`,
        settings: { port: dovecot.port, folder: FOLDER },
      });
      expect(JSON.stringify(connection)).not.toContain(dovecot.password);
      const tested = await call(alice, 'POST', `/integrations/${connection.id}/test`);
      expect((tested.json() as ConnectionTestResult).ok).toBe(true);

      const first = await sync(connection.id);
      expect(first).toMatchObject({ status: 'succeeded', counts: { added: 4, failed: 0 } });
      const folderId = (
        (await call(alice, 'GET', '/integrations')).json() as { connections: Connection[] }
      ).connections.find((item) => item.id === connection.id)!.folderId!;
      const root = await contents(folderId);
      const grey = `2026-11-20 Grey list update new jurisdictions (${uids.grey})`;
      const htmlName = `2026-11-21 Sanctions screening reminder (${uids.html}).eml.md`;
      expect(root.files.map((file) => file.name).sort()).toEqual([
        `${grey}.eml.md`,
        htmlName,
        `2026-11-22 ${nonAsciiSubject} (${uids.german}).eml.md`,
      ]);
      expect(root.folders.map((folder) => folder.name)).toEqual([grey]);
      expect((await contents(root.folders[0]!.id)).files.map((file) => file.name)).toEqual([pdfName]);

      // Ingested like uploads: the messages' text and the attached ordinance are searchable.
      expect(await searchFileNames('plenary jurisdictions increased monitoring')).toContain(`${grey}.eml.md`);
      expect(await searchFileNames('rescreen counterparty')).toContain(htmlName);
      expect(await searchFileNames('Geschäftsbücher')).toContain(pdfName);

      // A new message is added by the next sync; nothing else is read again.
      const newUid = await append({
        from: 'FINMA <info@finma.example>',
        subject: 'Circular on operational risks',
        date: new Date('2026-11-23T12:00:00Z'),
        text: 'Banks must report material operational incidents within 24 hours.',
      });
      const second = await sync(connection.id);
      expect(second).toMatchObject({ status: 'succeeded', counts: { added: 1, unchanged: 4, deleted: 0 } });
      expect(second.items.map((item) => item.remotePath)).toEqual([
        `2026-11-23 Circular on operational risks (${newUid}).eml.md`,
      ]);

      // A deleted message goes from the library too.
      await mailbox.mailboxOpen(FOLDER);
      expect(await mailbox.messageDelete(String(uids.html), { uid: true })).toBe(true);
      await mailbox.mailboxClose();
      const third = await sync(connection.id);
      expect(third).toMatchObject({ status: 'succeeded', counts: { deleted: 1, added: 0 } });
      expect((await contents(folderId)).files.map((file) => file.name)).not.toContain(htmlName);
      expect(await searchFileNames('rescreen counterparty')).not.toContain(htmlName);

      // An answer saved to the mailbox is APPENDed to the folder as a message from the connection's user.
      const question = 'Which jurisdictions were added to the grey list?';
      const asked = await call(alice, 'POST', '/chat/conversations', {
        assistantId: await assistantId(app),
        content: question,
      });
      expect(asked.statusCode, asked.body).toBe(200);
      const meta = parseEvents(asked.payload).find((event) => event.event === 'meta');
      const { conversationId, messageId } = meta?.data as { conversationId: string; messageId: string };
      const shared = await call(alice, 'POST', `/integrations/${connection.id}/share`, { conversationId, messageId });
      expect(shared.statusCode, shared.body).toBe(201);
      const entry = shared.json() as JournalEntry;
      expect(entry).toMatchObject({ kind: 'imap', status: 'sent' });
      await mailbox.mailboxOpen(FOLDER, { readOnly: true });
      const found = await mailbox.search({ subject: question }, { uid: true });
      expect(found).toHaveLength(1);
      const saved = await mailbox.fetchOne(
        String((found as number[])[0]),
        { envelope: true, source: true },
        { uid: true },
      );
      await mailbox.mailboxClose();
      expect(saved && saved.envelope?.from?.[0]?.address).toBe(dovecot.username);
      expect(saved && saved.envelope?.subject).toBe(question);
      expect(saved && saved.source?.toString()).toContain('Shared by');
      const fourth = await sync(connection.id);
      expect(fourth.counts).toMatchObject({ added: 1, unchanged: 4 });
      expect(fourth.items[0]!.remotePath).toMatch(
        /^\d{4}-\d{2}-\d{2} Which jurisdictions were added to the grey list \(\d+\)\.eml\.md$/,
      );

      // Another user cannot see, sync or test the connection.
      const bobsList = (await call(bob, 'GET', '/integrations')).json() as { connections: Connection[] };
      expect(bobsList.connections.map((item) => item.id)).not.toContain(connection.id);
      for (const [method, url] of [
        ['POST', `/integrations/${connection.id}/sync`],
        ['POST', `/integrations/${connection.id}/test`],
        ['GET', `/integrations/${connection.id}/runs`],
      ] as const) {
        const response = await call(bob, method, url);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
      }

      // A wrong password: the test fails with the auth code, the sync fails and the library keeps its files.
      const patched = await call(alice, 'PATCH', `/integrations/${connection.id}`, { secret: 'not-the-password' });
      expect(patched.statusCode, patched.body).toBe(200);
      expect(patched.json()).toMatchObject({ status: 'failing', lastError: { code: 'INTEGRATION_AUTH_FAILED' } });
      const failed = await sync(connection.id);
      expect(failed).toMatchObject({ status: 'failed', errorCode: 'INTEGRATION_AUTH_FAILED' });
      expect((await contents(folderId)).files).toHaveLength(4);
    }, 120_000);

    it('records a missing folder as a failing connection, and refuses invalid settings field by field', async () => {
      const missing = await connect({ name: 'Missing folder', settings: { ...baseSettings(), folder: 'Nowhere' } });
      expect(missing.statusCode, missing.body).toBe(201);
      expect(missing.json()).toMatchObject({ status: 'failing', lastError: { code: 'INTEGRATION_REMOTE_NOT_FOUND' } });

      const invalid = await connect({
        settings: { ...baseSettings(), host: 'imap example', port: '70000', folder: '' },
      });
      expect(invalid.statusCode).toBe(400);
      expect((invalid.json() as { error: { fields: Record<string, string> } }).error.fields).toMatchObject({
        'settings.host': 'integrations:validation.hostInvalid',
        'settings.port': 'integrations:validation.portInvalid',
        'settings.folder': 'errors:validation.required',
      });
    });

    function baseSettings() {
      return { host: dovecot.host, port: dovecot.port, tls: false, username: dovecot.username, folder: FOLDER };
    }
  });
});
