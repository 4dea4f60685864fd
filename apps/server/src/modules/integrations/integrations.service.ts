import { createHash } from 'node:crypto';
import path from 'node:path/posix';
import {
  MAX_CONNECTIONS_PER_OWNER,
  MAX_SYNCED_FILES,
  SYNC_RUNS_SHOWN,
  SYNC_RUN_ITEMS_KEPT,
  JOURNAL_PAGE_SIZE,
  connectorCapability,
  createConnectionInputSchema,
  dokuwikiSettingsSchema,
  mediawikiSettingsSchema,
  confluenceSettingsSchema,
  notionSettingsSchema,
  dropboxSettingsSchema,
  googledriveSettingsSchema,
  boxSettingsSchema,
  ALERT_DIGEST_HOUR_UTC,
  emailSettingsSchema,
  imapSettingsSchema,
  requestTrackerSettingsSchema,
  jiraSettingsSchema,
  asanaSettingsSchema,
  zendeskSettingsSchema,
  freshdeskSettingsSchema,
  matrixSettingsSchema,
  onedriveSettingsSchema,
  s3SettingsSchema,
  slackSettingsSchema,
  syncsDocuments,
  allowedForCompany,
  teamsSettingsSchema,
  webdavSettingsSchema,
  type Connection,
  type ConnectionList,
  type ConnectionScope,
  type ConnectionTestResult,
  type CreateConnectionInput,
  type JournalEntry,
  type JournalPage,
  type OAuthConnectorKind,
  type SyncRun,
  type SyncSchedule,
  type UpdateConnectionInput,
} from '@compliance/shared/integrations';
import { csvText } from '@compliance/shared/csv';
import { FOLDER_NAME_INVALID_CHARACTERS } from '@compliance/shared/documents';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db, DbExecutor } from '../../db/client.ts';
import type {
  IntegrationAlertDeliveryRow,
  IntegrationConnectionRow,
  IntegrationJournalRow,
  IntegrationSyncRunRow,
} from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { isAdmin, isCompanyAdmin, type Access } from '../access/access.ts';
import { systemActor, type Actor, type UserActor } from '../access/actor.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { ChatService } from '../chat/chat.service.ts';
import type { CountriesService } from '../countries/countries.service.ts';
import type { EntitlementsService } from '../entitlements/entitlements.service.ts';
import { defineJob, PermanentJobError } from '../jobs/job-definition.ts';
import type { JobQueue } from '../jobs/jobs.service.ts';
import type { KnowledgeService } from '../library/knowledge-base.service.ts';
import type { LibraryRoot, LibraryService } from '../library/library.service.ts';
import type { SyncFailureReason } from '../mail/mail-templates.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { OnboardingService } from '../onboarding/onboarding.service.ts';
import {
  ConnectorError,
  type MessageConnector,
  type OutboundMessage,
  type StorageConnector,
} from './connectors/connector.ts';
import { createDokuwikiConnector } from './connectors/dokuwiki.ts';
import { createMediawikiConnector } from './connectors/mediawiki.ts';
import { createConfluenceConnector } from './connectors/confluence.ts';
import { createNotionConnector } from './connectors/notion.ts';
import { createDropboxConnector } from './connectors/dropbox.ts';
import { createGoogleDriveConnector } from './connectors/google-drive.ts';
import { createBoxConnector } from './connectors/box.ts';
import { createGraphConnector } from './connectors/graph.ts';
import { createEmailConnector, type EmailTransport } from './connectors/email.ts';
import { createImapConnector } from './connectors/imap.ts';
import { renderPlain } from './connectors/render-message.ts';
import { createMatrixConnector } from './connectors/matrix.ts';
import { createS3Connector } from './connectors/s3.ts';
import { createSlackConnector } from './connectors/slack.ts';
import { createTeamsConnector } from './connectors/teams.ts';
import { createWebdavConnector } from './connectors/webdav.ts';
import type { IntegrationsRepository, JournalFilter } from './integrations.repository.ts';
import { createTokenSource, parseTokens, type OAuthClient, type OAuthTokens, type TokenSource } from './oauth.ts';
import type { Outbound } from './outbound.ts';
import type { SecretBox } from './secret-box.ts';
import {
  alertDigestMessage,
  combinedMessage,
  fatfAlertMessage,
  outboundCitations,
  sharedAnswerFooter,
  syncFailedMessage,
} from './shared-message.ts';
import { ticketConnector } from './tickets.service.ts';

export const syncConnectionJob = defineJob('integrations.sync', z.object({ runId: z.uuid() }), {
  maxAttempts: 3,
  timeoutMs: 30 * 60_000,
});
/** One alert delivery (`integration_alert_deliveries`) to post. */
export const alertDeliveryJob = defineJob('integrations.alert-delivery', z.object({ deliveryId: z.uuid() }), {
  maxAttempts: 6,
});
export const scheduledSyncJob = defineJob(
  'integrations.scheduled-sync',
  z.object({ connectionId: z.uuid(), dueAt: z.iso.datetime() }),
  { maxAttempts: 3 },
);

/** A queued or running sync older than its job's attempts can take is treated as dead. */
const STALE_RUN_MS = syncConnectionJob.maxAttempts * syncConnectionJob.timeoutMs + 10 * 60_000;

const SCHEDULE_INTERVAL_MS: Record<SyncSchedule, number | null> = {
  manual: null,
  hourly: 60 * 60_000,
  daily: 24 * 60 * 60_000,
};

interface SyncTarget {
  actor: UserActor;
  root: LibraryRoot;
}

export interface IntegrationsDeps {
  db: Db;
  access: Access;
  repository: IntegrationsRepository;
  secrets: SecretBox;
  outbound: Outbound;
  /** The OAuth apps of the cloud storage vendors (OneDrive/SharePoint, Dropbox). */
  oauth: OAuthClient;
  jobs: JobQueue;
  library: LibraryService;
  knowledge: KnowledgeService;
  /** The FATF lists, read for alerts. */
  countries: Pick<CountriesService, 'listAllCountries'>;
  chat: ChatService;
  audit: AuditService;
  mail: Pick<MailService, 'queue'>;
  /** The plan's number of personal integrations. */
  entitlements: Pick<EntitlementsService, 'assertConnectionRoom'>;
  /** Which company a user belongs to (company connections and the company journal). */
  onboarding: Pick<OnboardingService, 'membership' | 'company'>;
  log: FastifyBaseLogger;
  publicUrl: string;
  maxFileBytes: number;
  /** Tests point the Slack client at a local server that speaks Slack's Web API. */
  slackApiUrl?: string;
  /** Tests point the Notion client at a local server that speaks Notion's API. */
  notionApiUrl?: string;
  /** Tests point the Asana connector at a local server that speaks Asana's API. */
  asanaApiUrl?: string;
  /** The server's SMTP transport, for e-mail connections; null when no SMTP server is configured. */
  emailTransport: EmailTransport | null;
  now?: () => Date;
}

/**
 * Connections to other tools (issue 17): set up, tested, and used — storage folders synced into the
 * library, answers shared to channels or saved to storage, every outbound message in the journal.
 * Every public method starts with the access check; another user's connection answers "not found".
 */
export function createIntegrationsService(deps: IntegrationsDeps) {
  const { db, access, repository, secrets, outbound, jobs, library, knowledge, chat, audit, log } = deps;
  const now = deps.now ?? (() => new Date());

  // ---- connectors ----

  /** Storage folders and wikis: both list, read and write documents, and sync the same way. */
  function sourceConnector(row: IntegrationConnectionRow): StorageConnector {
    if (row.kind === 'webdav') {
      return createWebdavConnector(
        webdavSettingsSchema.parse(row.settings),
        secrets.open(row.secretCiphertext),
        outbound,
      );
    }
    if (row.kind === 's3') {
      return createS3Connector(s3SettingsSchema.parse(row.settings), secrets.open(row.secretCiphertext), outbound);
    }
    if (row.kind === 'onedrive') {
      return createGraphConnector(onedriveSettingsSchema.parse(row.settings), tokenSource(row), outbound, {
        apiUrl: deps.oauth.endpoints('onedrive').apiUrl,
      });
    }
    if (row.kind === 'dropbox') {
      return createDropboxConnector(
        dropboxSettingsSchema.parse(row.settings),
        tokenSource(row),
        outbound,
        deps.oauth.endpoints('dropbox'),
      );
    }
    if (row.kind === 'googledrive') {
      return createGoogleDriveConnector(googledriveSettingsSchema.parse(row.settings), tokenSource(row), outbound, {
        apiUrl: deps.oauth.endpoints('googledrive').apiUrl,
      });
    }
    if (row.kind === 'box') {
      return createBoxConnector(
        boxSettingsSchema.parse(row.settings),
        tokenSource(row),
        outbound,
        deps.oauth.endpoints('box'),
      );
    }
    if (row.kind === 'dokuwiki') {
      return createDokuwikiConnector(
        dokuwikiSettingsSchema.parse(row.settings),
        secrets.open(row.secretCiphertext),
        outbound,
      );
    }
    if (row.kind === 'mediawiki') {
      return createMediawikiConnector(
        mediawikiSettingsSchema.parse(row.settings),
        secrets.open(row.secretCiphertext),
        outbound,
      );
    }
    if (row.kind === 'confluence') {
      return createConfluenceConnector(
        confluenceSettingsSchema.parse(row.settings),
        secrets.open(row.secretCiphertext),
        outbound,
      );
    }
    if (row.kind === 'notion') {
      return createNotionConnector(
        notionSettingsSchema.parse(row.settings),
        secrets.open(row.secretCiphertext),
        outbound,
        {
          apiUrl: deps.notionApiUrl,
        },
      );
    }
    if (row.kind === 'imap') {
      return createImapConnector(imapSettingsSchema.parse(row.settings), secrets.open(row.secretCiphertext), outbound);
    }
    throw new AppError('INTEGRATION_WRONG_CAPABILITY', 400, 'Not a storage or wiki connection');
  }

  /**
   * Personal connections: as many as the user's plan allows (a downgrade keeps the ones they have).
   * Organisation connections, set up by admins: a fixed bound.
   */
  async function assertRoomForConnection(
    creator: UserActor,
    scope: ConnectionScope,
    companyId: string | null,
  ): Promise<void> {
    if (scope === 'personal') {
      await deps.entitlements.assertConnectionRoom(creator, await repository.countPersonal(creator.user.id));
    } else if (companyId) {
      // A company's connections count against its plan, which its admin (the creator) holds.
      await deps.entitlements.assertConnectionRoom(creator, await repository.countCompany(companyId));
    } else if ((await repository.countOrganisation()) >= MAX_CONNECTIONS_PER_OWNER) {
      throw new AppError('INTEGRATION_LIMIT_REACHED', 409, `At most ${MAX_CONNECTIONS_PER_OWNER} connections`);
    }
  }

  /** An OAuth connection's tokens, refreshed (and the new ones stored) when they expire. */
  function tokenSource(row: IntegrationConnectionRow): TokenSource {
    const kind = row.kind as OAuthConnectorKind;
    return createTokenSource({
      initial: parseTokens(secrets.open(row.secretCiphertext)),
      refresh: (refreshToken) => deps.oauth.refresh(kind, refreshToken),
      reload: async () => {
        const stored = await repository.find(row.id);
        return stored ? parseTokens(secrets.open(stored.secretCiphertext)) : null;
      },
      save: async (tokens) => {
        await repository.update(row.id, { secretCiphertext: secrets.seal(JSON.stringify(tokens)) });
      },
      now,
    });
  }

  const isSource = (row: IntegrationConnectionRow) => syncsDocuments(connectorCapability[row.kind]);
  const isTickets = (row: IntegrationConnectionRow) => connectorCapability[row.kind] === 'tickets';

  function messageConnector(row: IntegrationConnectionRow): MessageConnector {
    if (row.kind === 'slack') {
      return createSlackConnector(
        slackSettingsSchema.parse(row.settings),
        secrets.open(row.secretCiphertext),
        outbound,
        {
          apiUrl: deps.slackApiUrl,
        },
      );
    }
    if (row.kind === 'teams') return createTeamsConnector(secrets.open(row.secretCiphertext), outbound);
    if (row.kind === 'matrix') {
      return createMatrixConnector(
        matrixSettingsSchema.parse(row.settings),
        secrets.open(row.secretCiphertext),
        outbound,
      );
    }
    if (row.kind === 'email') {
      return createEmailConnector(emailSettingsSchema.parse(row.settings), deps.emailTransport);
    }
    throw new AppError('INTEGRATION_WRONG_CAPABILITY', 400, 'Not a messaging connection');
  }

  /** Where a connection points, for display; never throws (a broken secret shows as the kind). */
  function describe(row: IntegrationConnectionRow): string {
    try {
      if (isTickets(row)) return ticketConnector(row, secrets, outbound, { asanaApiUrl: deps.asanaApiUrl }).describe();
      return isSource(row) ? sourceConnector(row).describe() : messageConnector(row).describe();
    } catch {
      return row.kind;
    }
  }

  function toConnection(row: IntegrationConnectionRow): Connection {
    return {
      id: row.id,
      kind: row.kind,
      capability: connectorCapability[row.kind],
      scope: row.scope,
      name: row.name,
      settings: row.settings,
      target: describe(row),
      status: row.status,
      lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
      lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
      lastError: row.lastErrorCode ? { code: row.lastErrorCode, detail: row.lastErrorDetail ?? '' } : null,
      folderId: row.folderId,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async function connectionRow(id: string): Promise<IntegrationConnectionRow> {
    const row = await repository.find(id);
    if (!row) throw new AppError('INTEGRATION_NOT_FOUND', 404, 'integration not found');
    return row;
  }

  async function recordCheck(row: IntegrationConnectionRow, error: ConnectorError | null) {
    return repository.update(row.id, {
      status: error ? 'failing' : 'connected',
      lastCheckedAt: now(),
      lastErrorCode: error?.code ?? null,
      lastErrorDetail: error?.detail ?? null,
    });
  }

  /** Signs in to the remote and records the outcome on the connection. */
  async function check(row: IntegrationConnectionRow, sender: UserActor): Promise<IntegrationConnectionRow> {
    try {
      if (isSource(row)) {
        await sourceConnector(row).check();
      } else if (isTickets(row)) {
        await ticketConnector(row, secrets, outbound, { asanaApiUrl: deps.asanaApiUrl }).check();
      } else {
        const { testMessage } = await messageConnector(row).check();
        if (testMessage)
          await journal(row, sender, { destination: describe(row), content: testMessage, externalId: null });
      }
      return await recordCheck(row, null);
    } catch (error) {
      if (!(error instanceof ConnectorError)) throw error;
      return recordCheck(row, error);
    }
  }

  function settingsFor(kind: IntegrationConnectionRow['kind'], value: unknown) {
    const schema = {
      webdav: webdavSettingsSchema,
      s3: s3SettingsSchema,
      onedrive: onedriveSettingsSchema,
      dropbox: dropboxSettingsSchema,
      googledrive: googledriveSettingsSchema,
      box: boxSettingsSchema,
      dokuwiki: dokuwikiSettingsSchema,
      mediawiki: mediawikiSettingsSchema,
      confluence: confluenceSettingsSchema,
      notion: notionSettingsSchema,
      slack: slackSettingsSchema,
      teams: teamsSettingsSchema,
      matrix: matrixSettingsSchema,
      email: emailSettingsSchema,
      imap: imapSettingsSchema,
      requesttracker: requestTrackerSettingsSchema,
      jira: jiraSettingsSchema,
      asana: asanaSettingsSchema,
      zendesk: zendeskSettingsSchema,
      freshdesk: freshdeskSettingsSchema,
    }[kind];
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      const fields = Object.fromEntries(
        parsed.error.issues.map((issue) => [['settings', ...issue.path].join('.'), issue.message]),
      );
      throw new AppError('VALIDATION_FAILED', 400, 'The settings are not valid', { fields });
    }
    return parsed.data as Record<string, unknown>;
  }

  /**
   * Where synced documents go: a personal connection into its owner's library (a knowledge-base
   * branch is dropped), an organisation one into the knowledge-base branch its admin chose.
   */
  async function targetSettings(
    manager: UserActor,
    scope: ConnectionScope,
    kind: IntegrationConnectionRow['kind'],
    settings: Record<string, unknown>,
  ): Promise<Record<string, unknown>> {
    if (!syncsDocuments(connectorCapability[kind])) return settings;
    const { knowledgeBase, ...rest } = settings as { knowledgeBase?: { functionId: string; resourceTypeId: string } };
    if (scope === 'personal') return rest;
    if (!knowledgeBase) {
      throw new AppError('VALIDATION_FAILED', 400, 'Choose the knowledge-base branch', {
        fields: { 'settings.knowledgeBase': 'integrations:validation.knowledgeBaseRequired' },
      });
    }
    await knowledge.getBranch(manager, knowledgeBase.functionId, knowledgeBase.resourceTypeId, null);
    return { ...rest, knowledgeBase };
  }

  /** A URL in the settings or the secret must pass the network guard before anything is stored. */
  function guardAddresses(kind: IntegrationConnectionRow['kind'], settings: Record<string, unknown>, secret: string) {
    try {
      if (
        ['webdav', 'dokuwiki', 'mediawiki', 'confluence', 'requesttracker', 'zendesk', 'freshdesk', 'jira'].includes(
          kind,
        )
      ) {
        outbound.checkUrl(String(settings['url']));
      }
      if (kind === 's3' && settings['endpoint']) outbound.checkUrl(String(settings['endpoint']));
      if (kind === 'matrix') outbound.checkUrl(String(settings['homeserverUrl']));
      if (kind === 'teams') outbound.checkUrl(secret);
      if (kind === 'imap') createImapConnector(imapSettingsSchema.parse(settings), secret, outbound);
    } catch (error) {
      if (error instanceof ConnectorError) throw new AppError(error.code, 400, error.detail);
      throw error;
    }
  }

  // ---- scheduling ----

  /** The next scheduled sync of a storage connection (or none), as one durable job. */
  async function schedule(row: IntegrationConnectionRow): Promise<void> {
    const schedule = isSource(row) ? (row.settings as { schedule?: SyncSchedule }).schedule : undefined;
    const interval = schedule ? SCHEDULE_INTERVAL_MS[schedule] : null;
    const dueAt = interval ? new Date(now().getTime() + interval) : null;
    await db.transaction(async (tx) => {
      await repository.update(row.id, { nextSyncAt: dueAt }, tx);
      if (dueAt)
        await jobs.enqueue(
          scheduledSyncJob,
          { connectionId: row.id, dueAt: dueAt.toISOString() },
          { runAt: dueAt, tx },
        );
    });
  }

  // ---- sync ----

  async function queueSync(
    row: IntegrationConnectionRow,
    trigger: 'manual' | 'schedule',
  ): Promise<IntegrationSyncRunRow> {
    const active = await repository.activeRun(row.id);
    if (active && now().getTime() - active.createdAt.getTime() < STALE_RUN_MS) {
      throw new AppError('INTEGRATION_SYNC_RUNNING', 409, 'A sync of this connection is already under way');
    }
    // A run whose job gave up (it outlived every attempt) must not block the connection for ever.
    if (active)
      await repository.updateRun(active.id, {
        status: 'failed',
        errorCode: 'INTEGRATION_REMOTE_ERROR',
        finishedAt: now(),
      });
    const run = await repository.insertRun(row.id, trigger);
    await jobs.enqueue(syncConnectionJob, { runId: run.id });
    return run;
  }

  /** The account a personal connection works for; its sync stops when the account is disabled. */
  async function ownerActor(row: IntegrationConnectionRow): Promise<UserActor> {
    const actor = row.ownerUserId ? await accountActor(row.ownerUserId, `integration:${row.id}`, '127.0.0.1') : null;
    if (!actor) throw new PermanentJobError('The connection’s owner cannot use it any more');
    return actor;
  }

  /** An active, verified account as the actor of work done for it outside a request (a job, an OAuth callback). */
  async function accountActor(userId: string, sessionId: string, ip: string): Promise<UserActor | null> {
    const owner = await repository.owner(userId);
    if (!owner || owner.status !== 'active' || !owner.emailVerifiedAt) return null;
    return {
      kind: 'user',
      sessionId,
      ip,
      user: {
        id: owner.id,
        email: owner.email,
        firstName: owner.firstName,
        lastName: owner.lastName,
        companyName: owner.companyName,
        role: owner.role,
        language: owner.language,
        emailVerified: true,
      },
    };
  }

  /**
   * Who a sync works as and where its files go: a personal connection's owner and their library, or
   * (organisation) the system and the knowledge-base branch the admin chose.
   */
  async function syncTarget(row: IntegrationConnectionRow): Promise<SyncTarget> {
    if (row.scope === 'personal') return { actor: await ownerActor(row), root: { scope: 'personal' } };
    const branch = (row.settings as { knowledgeBase?: { functionId: string; resourceTypeId: string } }).knowledgeBase;
    if (!branch) throw new ConnectorError('INTEGRATION_REMOTE_ERROR', 'no knowledge-base branch chosen');
    return { actor: systemActor, root: { scope: 'knowledge-base', ...branch } };
  }

  /** The folder a connection syncs into: made on first use, named after the connection. */
  async function syncFolder(row: IntegrationConnectionRow, target: SyncTarget): Promise<string> {
    if (row.folderId) {
      try {
        await library.getContents(target.actor, target.root, row.folderId);
        return row.folderId;
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode !== 404) throw error;
      }
    }
    // A connection's name may hold characters a folder name may not ("Policies: AML/KYC").
    const name = row.name
      .replace(new RegExp(FOLDER_NAME_INVALID_CHARACTERS.source, 'gu'), '-')
      .replace(/^\.+$/, 'Sync');
    const folder = await ensureFolder(target, null, name);
    await repository.update(row.id, { folderId: folder });
    return folder;
  }

  async function ensureFolder(target: SyncTarget, parentId: string | null, name: string): Promise<string> {
    const contents = await library.getContents(target.actor, target.root, parentId);
    const existing = contents.folders.find((folder) => folder.name === name);
    if (existing) return existing.id;
    const created = await library.createFolder(target.actor, target.root, { name, parentId });
    return created.id;
  }

  async function runSync(runId: string): Promise<void> {
    const run = await repository.findRun(runId);
    if (!run || run.status === 'succeeded' || run.status === 'partial' || run.status === 'failed') return;
    const row = await repository.find(run.connectionId);
    if (!row) return;
    await repository.updateRun(run.id, { status: 'running', startedAt: now() });

    const counts = { added: 0, updated: 0, deleted: 0, unchanged: 0, failed: 0 };
    const items: IntegrationSyncRunRow['items'] = [];
    const note = (item: IntegrationSyncRunRow['items'][number]) => {
      counts[item.outcome as keyof typeof counts] += 1;
      if (items.length < SYNC_RUN_ITEMS_KEPT) items.push(item);
    };
    let failure: ConnectorError | null = null;
    try {
      const target = await syncTarget(row);
      const connector = sourceConnector(row);
      const remote = await connector.list(MAX_SYNCED_FILES);
      if (remote.length > MAX_SYNCED_FILES) {
        throw new ConnectorError('INTEGRATION_TOO_MANY_FILES', `more than ${MAX_SYNCED_FILES} files`);
      }
      const rootFolder = await syncFolder(row, target);
      const known = new Map((await repository.remoteFiles(row.id)).map((entry) => [entry.remotePath, entry]));
      const folders = new Map<string, string>([['.', rootFolder]]);
      const folderFor = async (dir: string): Promise<string> => {
        const cached = folders.get(dir);
        if (cached) return cached;
        const parent = await folderFor(path.dirname(dir));
        const id = await ensureFolder(target, parent, path.basename(dir));
        folders.set(dir, id);
        return id;
      };

      for (const file of remote) {
        const previous = known.get(file.path);
        known.delete(file.path);
        if (previous && previous.version === file.version) {
          counts.unchanged += 1;
          continue;
        }
        try {
          if (file.size > deps.maxFileBytes) {
            throw new AppError('FILE_TOO_LARGE', 413, `larger than ${deps.maxFileBytes} bytes`);
          }
          const bytes = await connector.read(file.path, deps.maxFileBytes);
          const syncedAt = now();
          const revision = previous ? previous.revision + 1 : 1;
          const { file: stored } = await library.upload(target.actor, target.root, {
            folderId: await folderFor(path.dirname(file.path)),
            fileName: path.basename(file.path),
            mimeType: file.contentType,
            source: bytes,
            onConflict: 'replace',
            origin: {
              connectionId: row.id,
              connectionName: row.name,
              kind: row.kind,
              path: file.path,
              version: file.version,
              revision,
              syncedAt: syncedAt.toISOString(),
            },
          });
          await repository.putRemoteFile({
            connectionId: row.id,
            remotePath: file.path,
            fileId: stored.id,
            version: file.version,
            revision,
            syncedAt,
          });
          note({ remotePath: file.path, outcome: previous ? 'updated' : 'added', detail: null, fileId: stored.id });
        } catch (error) {
          if (error instanceof ConnectorError && error.code !== 'INTEGRATION_REMOTE_NOT_FOUND') throw error;
          const detail = error instanceof AppError || error instanceof ConnectorError ? error.code : 'INTERNAL_ERROR';
          if (!(error instanceof AppError || error instanceof ConnectorError))
            log.error({ err: error }, 'Sync of one file failed');
          note({ remotePath: file.path, outcome: 'failed', detail, fileId: previous?.fileId ?? null });
        }
      }

      // What is gone from the remote folder goes from the library too.
      for (const [remotePath, entry] of known) {
        try {
          await library.deleteFile(target.actor, entry.fileId);
        } catch (error) {
          if (!(error instanceof AppError) || error.statusCode !== 404) throw error;
        }
        await repository.removeRemoteFile(row.id, remotePath);
        note({ remotePath, outcome: 'deleted', detail: null, fileId: null });
      }
    } catch (error) {
      if (error instanceof PermanentJobError) {
        failure = new ConnectorError('INTEGRATION_AUTH_FAILED', error.message);
      } else if (error instanceof ConnectorError) {
        failure = error;
      } else {
        log.error({ err: error, connectionId: row.id }, 'Sync failed');
        failure = new ConnectorError('INTEGRATION_REMOTE_ERROR', 'internal error');
      }
    }

    const status = failure ? 'failed' : counts.failed > 0 ? 'partial' : 'succeeded';
    if (failure && run.trigger === 'schedule') await tellOwnerSyncFailed(row, failure);
    if (status !== 'succeeded') await queueSyncAlerts(row, run, failure, counts.failed);
    await repository.updateRun(run.id, {
      status,
      ...counts,
      items,
      errorCode: failure?.code ?? null,
      finishedAt: now(),
    });
    await repository.update(row.id, {
      lastSyncAt: now(),
      status: failure ? 'failing' : 'connected',
      lastCheckedAt: now(),
      lastErrorCode: failure?.code ?? null,
      lastErrorDetail: failure?.detail ?? null,
    });
  }

  /**
   * A scheduled sync nobody watched has failed: its owner gets one e-mail — not one an hour while it
   * keeps failing, only when the sync before it had worked.
   */
  async function tellOwnerSyncFailed(row: IntegrationConnectionRow, failure: ConnectorError): Promise<void> {
    const [, previous] = await repository.listRuns(row.id, 2);
    if (previous?.status === 'failed') return;
    const owner = row.ownerUserId ? await repository.owner(row.ownerUserId) : null;
    if (!owner || owner.status !== 'active') return;
    const page = row.scope === 'organisation' ? '/admin/integrations' : '/settings/integrations';
    await deps.mail.queue(
      { userId: owner.id, email: owner.email, language: owner.language },
      {
        name: 'integration_sync_failed',
        vars: {
          firstName: owner.firstName,
          connectionName: row.name,
          reason: syncFailureReason(failure),
          detail: failure.detail,
          link: `${deps.publicUrl}${page}`,
        },
      },
    );
  }

  async function runScheduled(connectionId: string, dueAt: string): Promise<void> {
    const row = await repository.find(connectionId);
    // A schedule that was changed since this job was queued has a job of its own.
    if (!row || row.nextSyncAt?.toISOString() !== dueAt) return;
    await schedule(row);
    try {
      await queueSync(row, 'schedule');
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'INTEGRATION_SYNC_RUNNING')) throw error;
    }
  }

  // ---- alerts ----

  /** Records an alert for each channel, once per subject and channel, each with its delivery job. */
  async function queueAlerts(
    kind: IntegrationAlertDeliveryRow['kind'],
    subjectId: string,
    payload: Record<string, unknown>,
    channels: IntegrationConnectionRow[],
  ): Promise<void> {
    if (channels.length === 0) return;
    await db.transaction(async (tx) => {
      for (const row of channels) {
        const deliveryId = await repository.addAlertDelivery(tx, { kind, subjectId, connectionId: row.id, payload });
        if (deliveryId) await jobs.enqueue(alertDeliveryJob, { deliveryId }, { tx, runAt: digestTime(row) });
      }
    });
    jobs.wake();
  }

  /** A committed change of the FATF lists (heard at least once, from the countries module's outbox job). */
  async function queueFatfAlerts(change: { changeId: string; changed: string[]; asOf: string }): Promise<void> {
    if (change.changed.length === 0) return;
    const payload = { asOf: change.asOf, changed: change.changed.slice(0, 300) };
    await queueAlerts('fatf_change', change.changeId, payload, await repository.withFatfAlerts());
  }

  /**
   * A sync that starts failing (the run before it had worked, or there was none) is posted to the
   * channels that asked for sync alerts: the owner's own, or the organisation's for its connections.
   */
  async function queueSyncAlerts(
    row: IntegrationConnectionRow,
    run: IntegrationSyncRunRow,
    failure: ConnectorError | null,
    failedFiles: number,
  ): Promise<void> {
    const [, previous] = await repository.listRuns(row.id, 2);
    if (previous && previous.status !== 'succeeded') return;
    if (row.scope === 'personal' && !row.ownerUserId) return;
    const channels = await repository.withSyncAlerts(row.scope === 'organisation' ? null : row.ownerUserId);
    const payload = {
      connectionName: row.name,
      reason: failure ? syncFailureReason(failure) : 'files',
      detail: failure?.detail ?? '',
      failedFiles,
      link: `${deps.publicUrl}${row.scope === 'organisation' ? '/admin/integrations' : '/settings/integrations'}`,
    };
    await queueAlerts('sync_failed', run.id, payload, channels);
  }

  /** An e-mail connection that collects alerts sends them at the next digest hour; others at once. */
  function digestTime(row: IntegrationConnectionRow): Date | undefined {
    if (!wantsDigest(row)) return undefined;
    const next = new Date(now());
    next.setUTCHours(ALERT_DIGEST_HOUR_UTC, 0, 0, 0);
    if (next <= now()) next.setUTCDate(next.getUTCDate() + 1);
    return next;
  }

  /** One alert as a message, in the language of whoever set the channel up. */
  async function alertMessage(delivery: IntegrationAlertDeliveryRow, language: string): Promise<OutboundMessage> {
    if (delivery.kind === 'sync_failed') {
      return syncFailedMessage(language, delivery.payload as Parameters<typeof syncFailedMessage>[1]);
    }
    const { asOf, changed } = delivery.payload as { asOf: string; changed: string[] };
    const { countries } = await deps.countries.listAllCountries(systemActor);
    const wanted = new Set(changed);
    return fatfAlertMessage(
      language,
      asOf,
      countries
        .filter((country) => wanted.has(country.iso2))
        .map((country) => ({
          name: country.names[language as keyof typeof country.names] ?? country.names.en,
          status: country.status,
          since: country.statusSince,
          url: `${deps.publicUrl}/fatf/countries/${country.iso2}`,
        })),
    );
  }

  /**
   * Posts a pending alert (a digest: every pending alert of its channel, in one message) unless it went
   * out already; the alerts' state and the journal entry change together.
   */
  async function sendAlert(deliveryId: string): Promise<void> {
    const delivery = await repository.alertDelivery(deliveryId);
    if (!delivery || delivery.status === 'sent' || delivery.status === 'failed') return;
    const row = await repository.find(delivery.connectionId);
    if (!row || connectorCapability[row.kind] !== 'messages') return;
    const deliveries = await repository.claimAlerts(row.id, delivery.id, wantsDigest(row) ? 'channel' : 'own');
    // Another job's digest carries this alert.
    if (deliveries.length === 0) return;
    const owner = row.ownerUserId ? await repository.owner(row.ownerUserId) : null;
    const language = owner?.language ?? 'en';
    const messages = await Promise.all(deliveries.map((item) => alertMessage(item, language)));
    const message = messages.length === 1 ? messages[0]! : alertDigestMessage(language, messages);
    message.idempotencyKey = delivery.id;
    const content = renderPlain(message);
    const ids = deliveries.map((item) => item.id);
    const connector = messageConnector(row);
    try {
      const { externalId } = await connector.post(message);
      await db.transaction(async (tx) => {
        await repository.closeAlertDeliveries(tx, ids, 'sent', now());
        await journal(row, systemActor, { destination: connector.describe(), content, externalId }, tx);
      });
    } catch (error) {
      if (!(error instanceof ConnectorError)) throw error;
      // The channel asked to wait: the job is tried again later; anything else is recorded, not retried.
      if (error.code === 'INTEGRATION_RATE_LIMITED' || error.code === 'INTEGRATION_UNREACHABLE') throw error;
      await db.transaction(async (tx) => {
        await repository.closeAlertDeliveries(tx, ids, 'failed', now());
        await journal(
          row,
          systemActor,
          { destination: describe(row), content, externalId: null, errorCode: error.code },
          tx,
        );
      });
      await recordCheck(row, error);
    }
  }

  // ---- sharing and the journal ----

  async function journal(
    row: IntegrationConnectionRow,
    sender: UserActor,
    entry: { destination: string; content: string; externalId: string | null; errorCode?: string },
    tx?: DbExecutor,
  ): Promise<IntegrationJournalRow> {
    return repository.journal(
      {
        connectionId: row.id,
        connectionName: row.name,
        connectionScope: row.scope,
        kind: row.kind,
        destination: entry.destination,
        senderUserId: sender.user.id === '00000000-0000-0000-0000-000000000000' ? null : sender.user.id,
        senderEmail: sender.user.email,
        content: entry.content,
        contentSha256: createHash('sha256').update(entry.content).digest('hex'),
        status: entry.errorCode ? 'failed' : 'sent',
        externalId: entry.externalId,
        errorCode: entry.errorCode ?? null,
      },
      tx,
    );
  }

  /** The answer and the question before it, from the sharer's own conversation. */
  async function answerToShare(actor: UserActor, conversationId: string, messageId: string): Promise<OutboundMessage> {
    const conversation = await chat.getConversation(actor, { id: conversationId });
    const index = conversation.messages.findIndex((message) => message.id === messageId);
    const answer = conversation.messages[index];
    if (!answer || answer.role !== 'assistant' || answer.status !== 'complete' || !answer.content.trim()) {
      throw new AppError('MESSAGE_NOT_FOUND', 404, 'No finished answer with this id in the conversation');
    }
    const question = conversation.messages
      .slice(0, index)
      .reverse()
      .find((message) => message.role === 'user');
    const title = (question?.content ?? conversation.title).replace(/\s+/g, ' ').trim().slice(0, 150);
    return {
      title,
      text: answer.content,
      citations: outboundCitations(answer.citations, deps.publicUrl),
      footer: sharedAnswerFooter(actor.user, now()),
    };
  }

  /** A whole conversation of the sharer's: each finished answer under its question, sources numbered on. */
  async function conversationToShare(actor: UserActor, conversationId: string): Promise<OutboundMessage> {
    const conversation = await chat.getConversation(actor, { id: conversationId });
    const parts: OutboundMessage[] = [];
    let question = '';
    for (const message of conversation.messages) {
      if (message.role === 'user') question = message.content.replace(/\s+/g, ' ').trim();
      else if (message.status === 'complete' && message.content.trim()) {
        parts.push({
          title: question.slice(0, 300) || conversation.title,
          text: message.content,
          citations: outboundCitations(message.citations, deps.publicUrl),
          footer: '',
        });
      }
    }
    if (parts.length === 0) throw new AppError('MESSAGE_NOT_FOUND', 404, 'The conversation has no finished answer');
    const title = conversation.title.replace(/\s+/g, ' ').trim().slice(0, 150);
    return combinedMessage(title, parts, sharedAnswerFooter(actor.user, now()));
  }

  async function share(
    actor: UserActor,
    row: IntegrationConnectionRow,
    message: OutboundMessage,
  ): Promise<JournalEntry> {
    const content = renderPlain(message);
    try {
      if (isSource(row)) {
        const file = savedAnswerPath(message.title, now());
        const storage = sourceConnector(row);
        await storage.write(file, renderMarkdown(message), 'text/markdown; charset=utf-8');
        const destination = path.join(storage.describe(), file);
        return toJournalEntry(await journal(row, actor, { destination, content, externalId: file }));
      }
      const connector = messageConnector(row);
      const { externalId } = await connector.post(message);
      return toJournalEntry(await journal(row, actor, { destination: connector.describe(), content, externalId }));
    } catch (error) {
      if (!(error instanceof ConnectorError)) throw error;
      await journal(row, actor, { destination: describe(row), content, externalId: null, errorCode: error.code });
      await recordCheck(row, error);
      const status =
        error.code === 'INTEGRATION_RATE_LIMITED' ? 429 : error.code === 'INTEGRATION_ADDRESS_BLOCKED' ? 400 : 502;
      throw new AppError(error.code, status, error.detail);
    }
  }

  function toJournalEntry(row: IntegrationJournalRow): JournalEntry {
    return {
      id: row.id,
      connectionId: row.connectionId,
      connectionName: row.connectionName,
      kind: row.kind as JournalEntry['kind'],
      destination: row.destination,
      senderEmail: row.senderEmail,
      content: row.content,
      contentSha256: row.contentSha256,
      status: row.status,
      externalId: row.externalId,
      errorCode: row.errorCode,
      sentAt: row.sentAt.toISOString(),
    };
  }

  async function journalPage(filter: JournalFilter, page: number): Promise<JournalPage> {
    const { rows, total } = await repository.journalPage(filter, {
      limit: JOURNAL_PAGE_SIZE,
      offset: (page - 1) * JOURNAL_PAGE_SIZE,
    });
    return {
      entries: rows.map(toJournalEntry),
      page,
      pageCount: Math.max(1, Math.ceil(total / JOURNAL_PAGE_SIZE)),
      total,
    };
  }

  async function journalCsv(filter: JournalFilter): Promise<string> {
    const rows = await repository.journalAll(filter);
    return csvText([
      ['sent_at', 'status', 'connection', 'kind', 'destination', 'sender', 'external_id', 'error', 'sha256', 'content'],
      ...rows.map((row) => [
        row.sentAt.toISOString(),
        row.status,
        row.connectionName,
        row.kind,
        row.destination,
        row.senderEmail,
        row.externalId ?? '',
        row.errorCode ?? '',
        row.contentSha256,
        row.content,
      ]),
    ]);
  }

  function toRun(row: IntegrationSyncRunRow): SyncRun {
    return {
      id: row.id,
      status: row.status,
      trigger: row.trigger,
      startedAt: row.startedAt?.toISOString() ?? null,
      finishedAt: row.finishedAt?.toISOString() ?? null,
      counts: {
        added: row.added,
        updated: row.updated,
        deleted: row.deleted,
        unchanged: row.unchanged,
        failed: row.failed,
      },
      errorCode: row.errorCode,
      items: row.items.map((item) => ({
        remotePath: item.remotePath,
        outcome: item.outcome as SyncRun['items'][number]['outcome'],
        detail: item.detail,
        fileId: item.fileId,
      })),
    };
  }

  async function requireManager(
    actor: Actor,
    id: string,
  ): Promise<{ manager: UserActor; row: IntegrationConnectionRow }> {
    const manager = await access.require(actor, 'integration.manage', { type: 'integration', id });
    const row = await connectionRow(id);
    if (row.scope === 'organisation') await access.require(manager, 'integration.admin');
    return { manager, row };
  }

  /**
   * The caller's company, checked for the permission on it. Who may do what (members see and use its
   * connections; its admins manage them and read its journal) is the access policy's.
   */
  async function callerCompany(
    actor: Actor,
    permission: 'integration.read' | 'integration.manage' | 'integration.journal',
  ): Promise<{ user: UserActor; companyId: string }> {
    const user = await access.require(actor, permission);
    const membership = await deps.onboarding.membership(user.user.id);
    if (!membership) throw new AppError('COMPANY_NOT_FOUND', 404, 'Not a member of a company');
    await access.require(user, permission, { type: 'company', id: membership.companyId });
    return { user, companyId: membership.companyId };
  }

  /** Who may create a connection of this scope, and (company scope) the company it will belong to. */
  async function creatorFor(
    actor: Actor,
    scope: ConnectionScope,
    kind: IntegrationConnectionRow['kind'],
  ): Promise<{ creator: UserActor; companyId: string | null }> {
    if (scope !== 'company') {
      const creator = await access.require(
        actor,
        scope === 'organisation' ? 'integration.admin' : 'integration.manage',
      );
      return { creator, companyId: null };
    }
    const { user, companyId } = await callerCompany(actor, 'integration.manage');
    if (!allowedForCompany(kind)) {
      throw new AppError('VALIDATION_FAILED', 400, 'A company connection sends messages or tickets', {
        fields: { kind: 'integrations:validation.companyKind' },
      });
    }
    return { creator: user, companyId };
  }

  /** A company's connections as its members see them: their settings are its admins' business. */
  function forCompanyMembers(row: IntegrationConnectionRow, canManage: boolean): Connection {
    return canManage ? toConnection(row) : { ...toConnection(row), settings: {} };
  }

  return {
    /** The caller's own connections, (admins) the organisation's, or their company's. */
    async list(actor: Actor, scope: ConnectionScope): Promise<Connection[]> {
      if (scope === 'company') return (await this.companyConnections(actor)).connections;
      if (scope === 'organisation') {
        await access.require(actor, 'integration.admin');
        return (await repository.listOrganisation()).map(toConnection);
      }
      const reader = await access.require(actor, 'integration.read');
      return (await repository.listPersonal(reader.user.id)).map(toConnection);
    },

    /**
     * The caller's company's connections, whose they are, and whether the caller manages them; none
     * (and no company) for someone outside any company, whose screen simply has no such section.
     */
    async companyConnections(actor: Actor): Promise<ConnectionList> {
      const reader = await access.require(actor, 'integration.read');
      if (!(await deps.onboarding.membership(reader.user.id))) return { connections: [] };
      const { user, companyId } = await callerCompany(reader, 'integration.read');
      const [company, rows, canManage] = await Promise.all([
        deps.onboarding.company(user),
        repository.listCompany(companyId),
        access.can(user, 'integration.manage', { type: 'company', id: companyId }),
      ]);
      const managers = company.members
        .filter((member) => isCompanyAdmin(member))
        .map((member) => member.name || member.email);
      return {
        connections: rows.map((row) => forCompanyMembers(row, canManage)),
        company: { name: company.name, canManage, managers },
      };
    },

    /** Where the caller can send an answer: their own connections, their company's and the organisation's. */
    async shareTargets(actor: Actor): Promise<Connection[]> {
      const reader = await access.require(actor, 'integration.use');
      const membership = await deps.onboarding.membership(reader.user.id);
      const [own, organisation, company] = await Promise.all([
        repository.listPersonal(reader.user.id),
        repository.listOrganisation(),
        membership ? repository.listCompany(membership.companyId) : [],
      ]);
      // An organisation connection's settings (user names, branches) are its admins' business.
      const shown = organisation.map((row) =>
        isAdmin(reader) ? toConnection(row) : { ...toConnection(row), settings: {} },
      );
      const managesCompany =
        membership !== null &&
        (await access.can(reader, 'integration.manage', { type: 'company', id: membership.companyId }));
      const companyShown = company.map((row) => forCompanyMembers(row, managesCompany));
      return [...own.map(toConnection), ...companyShown, ...shown];
    },

    async create(actor: Actor, body: CreateConnectionInput): Promise<Connection> {
      const input = createConnectionInputSchema.parse(body);
      const { creator, companyId } = await creatorFor(actor, input.scope, input.kind);
      const settings = await targetSettings(
        creator,
        input.scope,
        input.kind,
        input.settings as Record<string, unknown>,
      );
      await assertRoomForConnection(creator, input.scope, companyId);
      guardAddresses(input.kind, settings, input.secret);
      let row = await repository.insert({
        scope: input.scope,
        ownerUserId: creator.user.id,
        companyId,
        kind: input.kind,
        name: input.name,
        settings,
        secretCiphertext: secrets.seal(input.secret),
      });
      await audit.record('integration.connection_created', {
        actor: creator.user,
        ipAddress: creator.ip,
        metadata: { connectionId: row.id, kind: row.kind, scope: row.scope },
      });
      row = await check(row, creator);
      await schedule(row);
      return toConnection((await repository.find(row.id)) ?? row);
    },

    async update(actor: Actor, id: string, input: UpdateConnectionInput): Promise<Connection> {
      const { manager, row } = await requireManager(actor, id);
      const settings = input.settings
        ? await targetSettings(
            manager,
            row.scope,
            row.kind,
            settingsFor(row.kind, { ...row.settings, ...input.settings }),
          )
        : row.settings;
      const secret = input.secret?.trim() ? input.secret.trim() : null;
      if (secret) {
        const check = createConnectionInputSchema.safeParse({ kind: row.kind, name: row.name, settings, secret });
        if (!check.success) {
          const fields = Object.fromEntries(check.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
          throw new AppError('VALIDATION_FAILED', 400, 'The secret is not valid', { fields });
        }
      }
      guardAddresses(row.kind, settings, secret ?? secrets.open(row.secretCiphertext));
      let updated = await repository.update(row.id, {
        ...(input.name ? { name: input.name } : {}),
        settings,
        ...(secret ? { secretCiphertext: secrets.seal(secret) } : {}),
        status: 'untested',
      });
      updated = await check(updated, manager);
      await schedule(updated);
      return toConnection((await repository.find(row.id)) ?? updated);
    },

    /** Revokes a connection: its secret is gone at once; files it synced stay in the library. */
    async remove(actor: Actor, id: string): Promise<void> {
      const { manager, row } = await requireManager(actor, id);
      await repository.remove(row.id);
      await audit.record('integration.connection_deleted', {
        actor: manager.user,
        ipAddress: manager.ip,
        metadata: { connectionId: row.id, kind: row.kind, scope: row.scope },
      });
    },

    async test(actor: Actor, id: string): Promise<ConnectionTestResult> {
      const { manager, row } = await requireManager(actor, id);
      const checked = await check(row, manager);
      return { ok: checked.status === 'connected', connection: toConnection(checked) };
    },

    async requestSync(actor: Actor, id: string): Promise<SyncRun> {
      const { row } = await requireManager(actor, id);
      if (!isSource(row)) {
        throw new AppError('INTEGRATION_WRONG_CAPABILITY', 400, 'Only storage connections sync');
      }
      return toRun(await queueSync(row, 'manual'));
    },

    async runs(actor: Actor, id: string): Promise<SyncRun[]> {
      await access.require(actor, 'integration.read', { type: 'integration', id });
      return (await repository.listRuns(id, SYNC_RUNS_SHOWN)).map(toRun);
    },

    /** Sends one of the caller's answers through a connection they may use, and journals it. */
    async shareAnswer(
      actor: Actor,
      id: string,
      input: { conversationId: string; messageId?: string | undefined },
    ): Promise<JournalEntry> {
      const sender = await access.require(actor, 'integration.use', { type: 'integration', id });
      const row = await connectionRow(id);
      // A whole conversation is a document: saved to storage or published to a wiki, not posted.
      if (!input.messageId && !isSource(row)) {
        throw new AppError('INTEGRATION_WRONG_CAPABILITY', 400, 'A whole conversation goes to storage or a wiki');
      }
      const message = input.messageId
        ? await answerToShare(sender, input.conversationId, input.messageId)
        : await conversationToShare(sender, input.conversationId);
      return share(sender, row, message);
    },

    async journal(actor: Actor, page: number): Promise<JournalPage> {
      const reader = await access.require(actor, 'integration.read');
      return journalPage({ userId: reader.user.id }, page);
    },
    async journalCsv(actor: Actor): Promise<string> {
      const reader = await access.require(actor, 'integration.read');
      return journalCsv({ userId: reader.user.id });
    },
    /** Everyone's outbound messages: the organisation's books and records. */
    async organisationJournal(actor: Actor, page: number): Promise<JournalPage> {
      await access.require(actor, 'integration.admin');
      return journalPage(null, page);
    },
    async organisationJournalCsv(actor: Actor): Promise<string> {
      await access.require(actor, 'integration.admin');
      return journalCsv(null);
    },
    /** Every message the company's members sent (as members), for its books and records: its admins'. */
    async companyJournal(actor: Actor, page: number): Promise<JournalPage> {
      const { companyId } = await callerCompany(actor, 'integration.journal');
      return journalPage({ companyId }, page);
    },
    async companyJournalCsv(actor: Actor): Promise<string> {
      const { companyId } = await callerCompany(actor, 'integration.journal');
      return journalCsv({ companyId });
    },

    /**
     * Before the vendor's sign-in page: checks that the caller may create this connection (or sign the
     * existing one in again) and that its settings are valid, so a mistake is told now, not after.
     */
    async prepareOAuth(
      actor: Actor,
      kind: OAuthConnectorKind,
      input: { connectionId: string } | { scope: ConnectionScope; name: string; settings: Record<string, unknown> },
    ): Promise<{ user: UserActor; request: Record<string, unknown> }> {
      if ('connectionId' in input) {
        const { manager, row } = await requireManager(actor, input.connectionId);
        if (row.kind !== kind) throw new AppError('INTEGRATION_WRONG_CAPABILITY', 400, 'Not a connection of this kind');
        return { user: manager, request: { connectionId: row.id, scope: row.scope } };
      }
      const { creator, companyId } = await creatorFor(actor, input.scope, kind);
      const settings = await targetSettings(creator, input.scope, kind, settingsFor(kind, input.settings));
      await assertRoomForConnection(creator, input.scope, companyId);
      return { user: creator, request: { scope: input.scope, name: input.name, settings } };
    },

    /** The account that started a sign-in, as the actor of its callback (null when it cannot act any more). */
    accountActor,

    /**
     * After the vendor's callback: stores the tokens (sealed) as a new connection's secret, or as the
     * new secret of the connection signed in again; everything is checked again, as when it started.
     */
    async connectOAuth(
      user: UserActor,
      kind: OAuthConnectorKind,
      request: Record<string, unknown>,
      tokens: OAuthTokens,
    ): Promise<Connection> {
      const secretCiphertext = secrets.seal(JSON.stringify(tokens));
      const input = z
        .union([
          z.object({ connectionId: z.uuid() }),
          z.object({
            scope: z.enum(['personal', 'organisation']),
            name: z.string(),
            settings: z.record(z.string(), z.unknown()),
          }),
        ])
        .parse(request);
      const prepared = await this.prepareOAuth(user, kind, input);
      let row: IntegrationConnectionRow;
      if ('connectionId' in prepared.request) {
        row = await repository.update(String(prepared.request['connectionId']), {
          secretCiphertext,
          status: 'untested',
        });
      } else {
        const { scope, name, settings } = prepared.request as {
          scope: ConnectionScope;
          name: string;
          settings: Record<string, unknown>;
        };
        row = await repository.insert({ scope, ownerUserId: user.user.id, kind, name, settings, secretCiphertext });
        await audit.record('integration.connection_created', {
          actor: user.user,
          ipAddress: user.ip,
          metadata: { connectionId: row.id, kind: row.kind, scope: row.scope },
        });
      }
      row = await check(row, user);
      await schedule(row);
      return toConnection((await repository.find(row.id)) ?? row);
    },

    /** Job handlers and event reactions (registered by the module). */
    runSync,
    runScheduled,
    queueFatfAlerts,
    sendAlert,
  };
}

export type IntegrationsService = ReturnType<typeof createIntegrationsService>;

/** Why a sync failed, in the words the e-mail and the channel alerts use. */
function syncFailureReason(failure: ConnectorError): SyncFailureReason {
  const reasons: Partial<Record<ConnectorError['code'], SyncFailureReason>> = {
    INTEGRATION_AUTH_FAILED: 'auth',
    INTEGRATION_UNREACHABLE: 'unreachable',
    INTEGRATION_ADDRESS_BLOCKED: 'unreachable',
    INTEGRATION_REMOTE_NOT_FOUND: 'notFound',
    INTEGRATION_TOO_MANY_FILES: 'tooManyFiles',
  };
  return reasons[failure.code] ?? 'other';
}

/** An e-mail connection that collects its alerts into one message a day. */
function wantsDigest(row: IntegrationConnectionRow): boolean {
  return row.kind === 'email' && (row.settings as { alertDigest?: unknown }).alertDigest === true;
}

// ---- rendering ----

function renderMarkdown(message: OutboundMessage): string {
  const sources = message.citations.map(
    (citation) =>
      `${citation.number}. ${citation.url ? `[${citation.title}](${citation.url})` : citation.title}${
        citation.quote ? `\n   > ${citation.quote.replace(/\s+/g, ' ').slice(0, 400)}` : ''
      }`,
  );
  return [
    `# ${message.title}`,
    '',
    message.text,
    '',
    ...(sources.length ? ['---', '', ...sources, ''] : []),
    `_${message.footer}_`,
    '',
  ].join('\n');
}

/** `Compliance Assistant/2026-11-25 1430 Which countries are on the grey list.md` */
export function savedAnswerPath(title: string, at: Date): string {
  const stamp = at.toISOString().slice(0, 16).replace('T', ' ').replace(':', '');
  const name = title
    // eslint-disable-next-line no-control-regex -- control characters are not allowed in remote file names
    .replace(/[\\/:*?"<>|#%{}^~[\]`\u0000-\u001f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80)
    .trim();
  return `Compliance Assistant/${stamp} ${name || 'Answer'}.md`;
}
