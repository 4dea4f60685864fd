import { z } from 'zod';
import { displayText } from './text.ts';

/**
 * Integrations (issue 17): connections to other tools. Each connector kind serves one capability —
 * `storage` (a remote folder synced into the library; answers saved back to it), `wiki` (a wiki's
 * pages synced the same way; answers published as pages) or `messages` (answers shared to a channel).
 * Every message sent out is kept in the journal. Secrets (passwords, tokens,
 * webhook addresses) go to the server once and never come back. Messages are i18n keys of the
 * `integrations` namespace.
 */

// ---- limits ----

export const CONNECTION_NAME_MAX_LENGTH = 80;
export const MAX_CONNECTIONS_PER_OWNER = 20;
export const CONNECTION_SECRET_MAX_LENGTH = 2_000;
export const REMOTE_PATH_MAX_LENGTH = 500;
/** An e-mail connection sends to at most this many addresses. */
export const MAX_EMAIL_RECIPIENTS = 20;
/** A sync takes at most this many remote files; more is reported as a failed run, nothing half-done. */
export const MAX_SYNCED_FILES = 500;
export const SYNC_RUNS_SHOWN = 20;
/** A run's history keeps this many per-file lines; its counts cover every file. */
export const SYNC_RUN_ITEMS_KEPT = 200;

// ---- vocabularies ----

export const connectorCapabilities = ['storage', 'wiki', 'messages', 'tickets'] as const;
export type ConnectorCapability = (typeof connectorCapabilities)[number];

export const connectorKinds = [
  'webdav',
  's3',
  'onedrive',
  'dropbox',
  'googledrive',
  'box',
  'dokuwiki',
  'mediawiki',
  'confluence',
  'notion',
  'slack',
  'teams',
  'matrix',
  'email',
  'imap',
  'requesttracker',
  'jira',
  'asana',
  'zendesk',
  'freshdesk',
] as const;
export const connectorKindSchema = z.enum(connectorKinds);
export type ConnectorKind = z.infer<typeof connectorKindSchema>;

export const connectorCapability: Record<ConnectorKind, ConnectorCapability> = {
  webdav: 'storage',
  s3: 'storage',
  onedrive: 'storage',
  dropbox: 'storage',
  googledrive: 'storage',
  box: 'storage',
  dokuwiki: 'wiki',
  mediawiki: 'wiki',
  confluence: 'wiki',
  notion: 'wiki',
  slack: 'messages',
  teams: 'messages',
  matrix: 'messages',
  email: 'messages',
  imap: 'storage',
  requesttracker: 'tickets',
  jira: 'tickets',
  asana: 'tickets',
  zendesk: 'tickets',
  freshdesk: 'tickets',
};

/** The kinds that post to channels (and can carry FATF alerts). */
export const messageConnectorKinds = connectorKinds.filter((kind) => connectorCapability[kind] === 'messages');

/**
 * Personal connections are their owner's; organisation ones are set up by admins for everyone;
 * company ones by a company's admins for its members.
 */
export const connectionScopes = ['personal', 'organisation', 'company'] as const;
export const connectionScopeSchema = z.enum(connectionScopes);
export type ConnectionScope = z.infer<typeof connectionScopeSchema>;

/** What a company connection may do: there is no company document library to sync into (yet). */
export const companyConnectionCapabilities = ['messages', 'tickets'] as const satisfies readonly ConnectorCapability[];

export function allowedForCompany(kind: ConnectorKind): boolean {
  return (companyConnectionCapabilities as readonly ConnectorCapability[]).includes(connectorCapability[kind]);
}

export const syncSchedules = ['manual', 'hourly', 'daily'] as const;
export const syncScheduleSchema = z.enum(syncSchedules);
export type SyncSchedule = z.infer<typeof syncScheduleSchema>;

export const connectionStatuses = ['untested', 'connected', 'failing'] as const;
export type ConnectionStatus = (typeof connectionStatuses)[number];

export const syncRunStatuses = ['queued', 'running', 'succeeded', 'partial', 'failed'] as const;
export type SyncRunStatus = (typeof syncRunStatuses)[number];

export const syncItemOutcomes = ['added', 'updated', 'deleted', 'failed'] as const;
export type SyncItemOutcome = (typeof syncItemOutcomes)[number];

// ---- settings per kind ----

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
  } catch {
    return false;
  }
}

const httpUrl = z
  .string({ error: 'errors:validation.required' })
  .trim()
  .min(1, 'errors:validation.required')
  .max(2_000, 'integrations:validation.urlInvalid')
  .refine(isHttpUrl, 'integrations:validation.urlInvalid');

const remotePath = z
  .string()
  .trim()
  .max(REMOTE_PATH_MAX_LENGTH, 'integrations:validation.remotePathInvalid')
  .refine((value) => !value.split('/').includes('..'), 'integrations:validation.remotePathInvalid')
  .default('/');

/** Synced content of an organisation connection goes into this knowledge-base branch. */
const knowledgeBaseTarget = z
  .object({
    functionId: z.uuid('integrations:validation.knowledgeBaseRequired'),
    resourceTypeId: z.uuid('integrations:validation.knowledgeBaseRequired'),
  })
  .optional();

/** Whether a capability brings documents into the library (and so can be synced). */
export function syncsDocuments(capability: ConnectorCapability): boolean {
  return capability === 'storage' || capability === 'wiki';
}

export const webdavSettingsSchema = z.object({
  /** The WebDAV server's address (Nextcloud: …/remote.php/dav/files/<user>/). */
  url: httpUrl,
  username: z.string().trim().min(1, 'errors:validation.required').max(200, 'integrations:validation.usernameTooLong'),
  /** The folder on the server that is synced (and where saved answers go), relative to `url`. */
  remotePath,
  schedule: syncScheduleSchema.default('manual'),
  knowledgeBase: knowledgeBaseTarget,
});
export type WebdavSettings = z.infer<typeof webdavSettingsSchema>;

/** S3 bucket names: 3–63 lower-case letters, digits, dots and hyphens, starting and ending with a letter or digit. */
const S3_BUCKET_PATTERN = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

export const s3SettingsSchema = z.object({
  /**
   * The S3 API's address: empty for AWS S3 (https://s3.<region>.amazonaws.com), otherwise MinIO's,
   * Ceph's, Wasabi's… Buckets are addressed path-style (<endpoint>/<bucket>/<key>).
   */
  endpoint: z
    .string()
    .trim()
    .max(2_000, 'integrations:validation.urlInvalid')
    .refine((value) => value === '' || isHttpUrl(value), 'integrations:validation.urlInvalid')
    .default(''),
  region: z
    .string()
    .trim()
    .toLowerCase()
    .max(40, 'integrations:validation.regionInvalid')
    .regex(/^[a-z0-9][a-z0-9-]*$/, 'integrations:validation.regionInvalid')
    .default('us-east-1'),
  bucket: z
    .string()
    .trim()
    .min(1, 'errors:validation.required')
    .regex(S3_BUCKET_PATTERN, 'integrations:validation.bucketInvalid'),
  /** The key prefix synced ("policies/aml"), its sub-prefixes as folders; empty = the whole bucket. */
  prefix: z
    .string()
    .trim()
    .max(REMOTE_PATH_MAX_LENGTH, 'integrations:validation.prefixInvalid')
    .refine(
      (value) => !value.split('/').some((part) => part === '..' || part === '.'),
      'integrations:validation.prefixInvalid',
    )
    .transform((value) => value.replace(/^\/+|\/+$/g, '').replace(/\/{2,}/g, '/'))
    .default(''),
  /** The access key's id is shown again; its secret is the connection's secret. */
  accessKeyId: z
    .string()
    .trim()
    .min(1, 'errors:validation.required')
    .max(128, 'integrations:validation.accessKeyIdInvalid')
    .regex(/^[\x21-\x7e]+$/, 'integrations:validation.accessKeyIdInvalid'),
  schedule: syncScheduleSchema.default('manual'),
  knowledgeBase: knowledgeBaseTarget,
});
export type S3Settings = z.infer<typeof s3SettingsSchema>;

/**
 * Microsoft Graph: a folder of the signed-in user's OneDrive, or of a SharePoint document library
 * (its drive id, as Graph's /sites/{site}/drives lists it). Signed in with OAuth: no secret is typed.
 */
export const onedriveSettingsSchema = z.object({
  /** Empty: the user's own OneDrive; otherwise a SharePoint document library's drive id ("b!…"). */
  driveId: z
    .string()
    .trim()
    .max(200, 'integrations:validation.driveIdInvalid')
    .regex(/^[A-Za-z0-9!_-]*$/, 'integrations:validation.driveIdInvalid')
    .default(''),
  remotePath,
  schedule: syncScheduleSchema.default('manual'),
  knowledgeBase: knowledgeBaseTarget,
});
export type OnedriveSettings = z.infer<typeof onedriveSettingsSchema>;

/** Dropbox: a folder of the signed-in account (OAuth, no secret typed). */
export const dropboxSettingsSchema = z.object({
  remotePath,
  schedule: syncScheduleSchema.default('manual'),
  knowledgeBase: knowledgeBaseTarget,
});
export type DropboxSettings = z.infer<typeof dropboxSettingsSchema>;

/**
 * A folder of a cloud drive that names folders by id, not by path: the id as typed, or taken from the
 * folder's address as the browser shows it (".../folders/<id>" on Google Drive, ".../folder/<id>" on Box).
 */
function remoteFolderId(idPattern: RegExp, addressPattern: RegExp, root: string) {
  return z
    .string()
    .trim()
    .max(2_000, 'integrations:validation.remoteFolderIdInvalid')
    .transform((value) => (value === '' ? root : (addressPattern.exec(value)?.[1] ?? value)))
    .refine((value) => idPattern.test(value), 'integrations:validation.remoteFolderIdInvalid')
    .default(root);
}

/** Google Drive: a folder of the signed-in account ("root" is My Drive), by id or address (OAuth, no secret typed). */
export const googledriveSettingsSchema = z.object({
  remoteFolderId: remoteFolderId(/^[A-Za-z0-9_-]{1,200}$/, /\/folders\/([A-Za-z0-9_-]+)/, 'root'),
  schedule: syncScheduleSchema.default('manual'),
  knowledgeBase: knowledgeBaseTarget,
});
export type GoogledriveSettings = z.infer<typeof googledriveSettingsSchema>;

/** Box: a folder of the signed-in account ("0" is All Files), by id or address (OAuth, no secret typed). */
export const boxSettingsSchema = z.object({
  remoteFolderId: remoteFolderId(/^[0-9]{1,30}$/, /\/folder\/([0-9]+)/, '0'),
  schedule: syncScheduleSchema.default('manual'),
  knowledgeBase: knowledgeBaseTarget,
});
export type BoxSettings = z.infer<typeof boxSettingsSchema>;

export const dokuwikiSettingsSchema = z.object({
  /** The wiki's address (where doku.php lives), e.g. https://wiki.example.com/. */
  url: httpUrl,
  username: z.string().trim().min(1, 'errors:validation.required').max(200, 'integrations:validation.usernameTooLong'),
  /** The namespace synced (sub-namespaces included) and where answers are published; empty = whole wiki. */
  namespace: z
    .string()
    .trim()
    .toLowerCase()
    .max(200, 'integrations:validation.namespaceInvalid')
    .regex(/^([a-z0-9_.-]+(:[a-z0-9_.-]+)*)?$/, 'integrations:validation.namespaceInvalid')
    .default(''),
  schedule: syncScheduleSchema.default('manual'),
  knowledgeBase: knowledgeBaseTarget,
});
export type DokuwikiSettings = z.infer<typeof dokuwikiSettingsSchema>;

/** A category or namespace name as MediaWiki writes titles: no characters a title may not hold. */
const mediawikiName = (message: string) =>
  z
    .string()
    .trim()
    .max(255, message)
    .regex(/^[^#<>[\]{}|\p{Cc}]*$/u, message)
    .default('');

export const mediawikiSettingsSchema = z.object({
  /** The Action API's address (…/w/api.php), or the wiki's script path under which api.php lives. */
  url: httpUrl,
  /** A bot password's user name (Special:BotPasswords): `Name@bot`. */
  username: z.string().trim().min(1, 'errors:validation.required').max(200, 'integrations:validation.usernameTooLong'),
  /** The namespace synced (its number or name); empty = the main namespace. With a category: a filter. */
  namespace: mediawikiName('integrations:validation.mediawikiNamespaceInvalid'),
  /** A category whose pages are synced instead of a whole namespace; published answers join it. */
  category: mediawikiName('integrations:validation.categoryInvalid'),
  schedule: syncScheduleSchema.default('manual'),
  knowledgeBase: knowledgeBaseTarget,
});
export type MediawikiSettings = z.infer<typeof mediawikiSettingsSchema>;

/** Confluence Cloud: the pages of a space, or of one page's subtree (REST API v2, e-mail and API token). */
export const confluenceSettingsSchema = z.object({
  /** The site's address, e.g. https://example.atlassian.net (the API is at /wiki/api/v2). */
  url: httpUrl,
  /** The Atlassian account's e-mail address; the API token is the secret. */
  email: z
    .string()
    .trim()
    .min(1, 'errors:validation.required')
    .max(254, 'integrations:validation.emailInvalid')
    .refine((value) => z.email().safeParse(value).success, 'integrations:validation.emailInvalid'),
  /** The space's key, as in its address (…/wiki/spaces/COMPLY). */
  spaceKey: z
    .string()
    .trim()
    .min(1, 'errors:validation.required')
    .max(255, 'integrations:validation.spaceKeyInvalid')
    .regex(/^~?[A-Za-z0-9_-]+$/, 'integrations:validation.spaceKeyInvalid'),
  /** Only the pages below this page (its id, as in …/pages/123456/…); empty = the whole space. */
  parentPageId: z
    .string()
    .trim()
    .max(30, 'integrations:validation.pageIdInvalid')
    .regex(/^\d*$/, 'integrations:validation.pageIdInvalid')
    .default(''),
  schedule: syncScheduleSchema.default('manual'),
  knowledgeBase: knowledgeBaseTarget,
});
export type ConfluenceSettings = z.infer<typeof confluenceSettingsSchema>;

/** Notion: a database's pages or a page's child pages (API version 2022-06-28, an internal integration's token). */
export const notionSettingsSchema = z.object({
  /** The database's or page's id, or its link (…/Policies-1a2b…32 hex digits). */
  parentId: z
    .string()
    .trim()
    .min(1, 'errors:validation.required')
    .max(2_000, 'integrations:validation.notionIdInvalid')
    .refine(
      (value) => /[0-9a-f]{32}(?:[?#].*)?$/i.test(value.replaceAll('-', '')),
      'integrations:validation.notionIdInvalid',
    ),
  schedule: syncScheduleSchema.default('manual'),
  knowledgeBase: knowledgeBaseTarget,
});
export type NotionSettings = z.infer<typeof notionSettingsSchema>;

/** What a channel is sent besides shared answers. */
const channelAlerts = {
  /** A message whenever the FATF lists change. */
  fatfAlerts: z.boolean().default(false),
  /** A message when a sync of a storage folder or wiki (the owner's, or the organisation's) starts failing. */
  syncAlerts: z.boolean().default(false),
};

export const slackSettingsSchema = z.object({
  /** A channel id (C…) or name (#compliance). */
  channel: z
    .string()
    .trim()
    .min(1, 'errors:validation.required')
    .max(80, 'integrations:validation.channelInvalid')
    .regex(/^#?[a-z0-9][a-z0-9._-]*$|^[CGD][A-Z0-9]{6,}$/, 'integrations:validation.channelInvalid'),
  ...channelAlerts,
});
export type SlackSettings = z.infer<typeof slackSettingsSchema>;

export const teamsSettingsSchema = z.object({ ...channelAlerts });
export type TeamsSettings = z.infer<typeof teamsSettingsSchema>;

export const matrixSettingsSchema = z.object({
  /** The homeserver's client-server API address, e.g. https://matrix.example.org. */
  homeserverUrl: httpUrl,
  /** The room's id: !opaque:server.name (room version 12: !opaque), as shown in the room's settings. */
  roomId: z
    .string()
    .trim()
    .min(1, 'errors:validation.required')
    .max(255, 'integrations:validation.roomIdInvalid')
    .regex(/^![^\s:/]+(:[^\s/]+)?$/, 'integrations:validation.roomIdInvalid'),
  ...channelAlerts,
});
export type MatrixSettings = z.infer<typeof matrixSettingsSchema>;

const emailAddress = z.email();

/**
 * The addresses an e-mail connection sends to: a list, or (as typed in a form) one text with the
 * addresses separated by commas, semicolons or line breaks. Duplicates are dropped.
 */
const recipientList = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(/[\s,;]+/).filter(Boolean) : value),
  z
    .array(z.string().trim().toLowerCase(), { error: 'errors:validation.required' })
    .min(1, 'errors:validation.required')
    .max(MAX_EMAIL_RECIPIENTS, 'integrations:validation.tooManyRecipients')
    .refine(
      (list) => list.every((address) => address.length <= 254 && emailAddress.safeParse(address).success),
      'integrations:validation.recipientsInvalid',
    )
    .transform((list) => [...new Set(list)]),
);

export const emailSettingsSchema = z.object({
  recipients: recipientList,
  ...channelAlerts,
  /** Alerts wait for one e-mail a day (at ALERT_DIGEST_HOUR_UTC) instead of one e-mail each. */
  alertDigest: z.boolean().default(false),
});

/** When a day's digest of alerts is sent to the e-mail connections that asked for one. */
export const ALERT_DIGEST_HOUR_UTC = 6;
export type EmailSettings = z.infer<typeof emailSettingsSchema>;

/** A host name (imap.example.com), an IPv4 address or an IPv6 address (with or without brackets). */
const HOST_PATTERN =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[?[0-9a-f:.]*:[0-9a-f:.]*\]?)$/i;

/**
 * IMAP in: one folder of a mailbox synced into the library (each message a document, each attached
 * file one more); answers saved to it are appended as messages. The password is the secret.
 */
export const imapSettingsSchema = z.object({
  /** The IMAP server's host name, e.g. imap.example.com. */
  host: z
    .string({ error: 'errors:validation.required' })
    .trim()
    .min(1, 'errors:validation.required')
    .max(253, 'integrations:validation.hostInvalid')
    .regex(HOST_PATTERN, 'integrations:validation.hostInvalid'),
  /** 993 for IMAP over TLS, 143 for plain IMAP (upgraded with STARTTLS when the server offers it). */
  port: z.coerce
    .number({ error: 'integrations:validation.portInvalid' })
    .int('integrations:validation.portInvalid')
    .min(1, 'integrations:validation.portInvalid')
    .max(65_535, 'integrations:validation.portInvalid')
    .default(993),
  /** TLS from the first byte (port 993); off: plain IMAP. */
  tls: z.boolean().default(true),
  username: z.string().trim().min(1, 'errors:validation.required').max(200, 'integrations:validation.usernameTooLong'),
  /** The mailbox folder synced (and where saved answers are appended), e.g. INBOX or Compliance. */
  folder: z
    .string()
    .trim()
    .min(1, 'errors:validation.required')
    .max(255, 'integrations:validation.mailFolderInvalid')
    .regex(/^[^\p{Cc}*%]+$/u, 'integrations:validation.mailFolderInvalid')
    .default('INBOX'),
  schedule: syncScheduleSchema.default('manual'),
  knowledgeBase: knowledgeBaseTarget,
});
export type ImapSettings = z.infer<typeof imapSettingsSchema>;

/** A Request Tracker connection: the server and the queue new tickets and tasks go into. */
export const requestTrackerSettingsSchema = z.object({
  /** RT's web address (the REST 2 API is at <url>/REST/2.0/), e.g. https://rt.example.com/. */
  url: httpUrl,
  /** A queue's name (RT allows spaces): any printable text without control characters or slashes. */
  queue: z
    .string({ error: 'errors:validation.required' })
    .trim()
    .min(1, 'errors:validation.required')
    .max(200, 'integrations:validation.queueInvalid')
    .regex(/^[^\p{Cc}/]+$/u, 'integrations:validation.queueInvalid'),
});
export type RequestTrackerSettings = z.infer<typeof requestTrackerSettingsSchema>;

/** A Jira Cloud connection: the site, the account whose API token is the secret, and where issues go. */
export const jiraSettingsSchema = z.object({
  /** The site's address, e.g. https://example.atlassian.net (the API is at /rest/api/3). */
  url: httpUrl,
  /** The Atlassian account's e-mail address; the API token is the secret. */
  email: z
    .string()
    .trim()
    .min(1, 'errors:validation.required')
    .max(254, 'integrations:validation.emailInvalid')
    .refine((value) => z.email().safeParse(value).success, 'integrations:validation.emailInvalid'),
  /** The project's key, as in its issues' keys (COMP for COMP-12). */
  projectKey: z
    .string()
    .trim()
    .toUpperCase()
    .min(1, 'errors:validation.required')
    .max(255, 'integrations:validation.projectKeyInvalid')
    .regex(/^[A-Z][A-Z0-9_]*$/, 'integrations:validation.projectKeyInvalid'),
  /** The issue type new issues get, by name as the project shows it ("Task", "Aufgabe"…). */
  issueType: z
    .string()
    .trim()
    .max(255, 'integrations:validation.issueTypeInvalid')
    .regex(/^[^\p{Cc}]*$/u, 'integrations:validation.issueTypeInvalid')
    .transform((value) => value || 'Task')
    .default('Task'),
});
export type JiraSettings = z.infer<typeof jiraSettingsSchema>;

/** An Asana gid: a number of up to 19 digits, kept as text as Asana writes it. */
const asanaGid = (message: string) => z.string().trim().max(19, message).regex(/^\d*$/, message);

/** An Asana connection: the project tasks go into (a personal access token is the secret). */
export const asanaSettingsSchema = z.object({
  /** The project's gid, as in its address (app.asana.com/0/<project gid>/…). */
  projectGid: asanaGid('integrations:validation.asanaGidInvalid').min(1, 'errors:validation.required'),
  /** The workspace's gid, when the project must be of this workspace; empty = the project's own. */
  workspaceGid: asanaGid('integrations:validation.asanaGidInvalid').default(''),
});
export type AsanaSettings = z.infer<typeof asanaSettingsSchema>;

/** A Zendesk Support connection: the account's address and the agent whose API token is the secret. */
export const zendeskSettingsSchema = z.object({
  /** The account's address, e.g. https://example.zendesk.com (the API is at <url>/api/v2/). */
  url: httpUrl,
  /** The agent's e-mail address: Zendesk signs API tokens in as `email/token`. */
  email: z
    .string({ error: 'errors:validation.required' })
    .trim()
    .min(1, 'errors:validation.required')
    .max(254, 'integrations:validation.emailInvalid')
    .refine((value) => z.email().safeParse(value).success, 'integrations:validation.emailInvalid'),
});
export type ZendeskSettings = z.infer<typeof zendeskSettingsSchema>;

/** A Freshdesk connection: the helpdesk's address; the agent's API key is the secret. */
export const freshdeskSettingsSchema = z.object({
  /** The helpdesk's address, e.g. https://example.freshdesk.com (the API is at <url>/api/v2/). */
  url: httpUrl,
});
export type FreshdeskSettings = z.infer<typeof freshdeskSettingsSchema>;

const connectionName = displayText(CONNECTION_NAME_MAX_LENGTH, {
  required: 'errors:validation.required',
  tooLong: 'integrations:validation.nameTooLong',
});

const secret = z.string().trim().max(CONNECTION_SECRET_MAX_LENGTH, 'integrations:validation.secretTooLong');

/** A new connection: its kind decides the settings' shape; the secret is required. */
export const createConnectionInputSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('webdav'),
    scope: connectionScopeSchema.default('personal'),
    name: connectionName,
    settings: webdavSettingsSchema,
    secret: secret.min(1, 'errors:validation.required'),
  }),
  z.object({
    kind: z.literal('s3'),
    scope: connectionScopeSchema.default('personal'),
    name: connectionName,
    settings: s3SettingsSchema,
    /** The secret access key. */
    secret: secret.min(1, 'errors:validation.required'),
  }),
  z.object({
    kind: z.literal('dokuwiki'),
    scope: connectionScopeSchema.default('personal'),
    name: connectionName,
    settings: dokuwikiSettingsSchema,
    secret: secret.min(1, 'errors:validation.required'),
  }),
  z.object({
    kind: z.literal('mediawiki'),
    scope: connectionScopeSchema.default('personal'),
    name: connectionName,
    settings: mediawikiSettingsSchema,
    /** The bot password. */
    secret: secret.min(1, 'errors:validation.required'),
  }),
  z.object({
    kind: z.literal('confluence'),
    scope: connectionScopeSchema.default('personal'),
    name: connectionName,
    settings: confluenceSettingsSchema,
    /** An API token of the Atlassian account (id.atlassian.com → Security → API tokens). */
    secret: secret
      .min(1, 'errors:validation.required')
      .regex(/^[\x21-\x7e]+$/, 'integrations:validation.apiTokenInvalid'),
  }),
  z.object({
    kind: z.literal('notion'),
    scope: connectionScopeSchema.default('personal'),
    name: connectionName,
    settings: notionSettingsSchema,
    /** An internal integration's secret (ntn_… or secret_…), shared with the database or page in Notion. */
    secret: secret
      .min(1, 'errors:validation.required')
      .regex(/^[\x21-\x7e]+$/, 'integrations:validation.apiTokenInvalid'),
  }),
  z.object({
    kind: z.literal('slack'),
    scope: connectionScopeSchema.default('personal'),
    name: connectionName,
    settings: slackSettingsSchema,
    secret: secret
      .min(1, 'errors:validation.required')
      .regex(/^xox[bp]-[A-Za-z0-9-]+$/, 'integrations:validation.slackTokenInvalid'),
  }),
  z.object({
    kind: z.literal('teams'),
    scope: connectionScopeSchema.default('personal'),
    name: connectionName,
    settings: teamsSettingsSchema.default({ fatfAlerts: false, syncAlerts: false }),
    /** The Workflows webhook address: it carries its own signature, so it is kept as a secret. */
    secret: httpUrl,
  }),
  z.object({
    kind: z.literal('matrix'),
    scope: connectionScopeSchema.default('personal'),
    name: connectionName,
    settings: matrixSettingsSchema,
    /** The access token of the account that posts (a bot account joined to the room). */
    secret: secret
      .min(1, 'errors:validation.required')
      .regex(/^[\x21-\x7e]+$/, 'integrations:validation.matrixTokenInvalid'),
  }),
  z.object({
    kind: z.literal('email'),
    scope: connectionScopeSchema.default('personal'),
    name: connectionName,
    settings: emailSettingsSchema,
    /** E-mail goes out through the server's own SMTP server: there is no secret. */
    secret: z.string().trim().max(0, 'errors:validation.invalid').default(''),
  }),
  z.object({
    kind: z.literal('imap'),
    scope: connectionScopeSchema.default('personal'),
    name: connectionName,
    settings: imapSettingsSchema,
    /** The mailbox's password (or an app password). */
    secret: secret.min(1, 'errors:validation.required'),
  }),
  z.object({
    kind: z.literal('requesttracker'),
    scope: connectionScopeSchema.default('personal'),
    name: connectionName,
    settings: requestTrackerSettingsSchema,
    /** An auth token of the RT user tickets are created as ("Auth Tokens" in RT's settings). */
    secret: secret
      .min(1, 'errors:validation.required')
      .regex(/^[\x21-\x7e]+$/, 'integrations:validation.requestTrackerTokenInvalid'),
  }),
  z.object({
    kind: z.literal('jira'),
    scope: connectionScopeSchema.default('personal'),
    name: connectionName,
    settings: jiraSettingsSchema,
    /** An API token of the Atlassian account (id.atlassian.com → Security → API tokens). */
    secret: secret
      .min(1, 'errors:validation.required')
      .regex(/^[\x21-\x7e]+$/, 'integrations:validation.apiTokenInvalid'),
  }),
  z.object({
    kind: z.literal('asana'),
    scope: connectionScopeSchema.default('personal'),
    name: connectionName,
    settings: asanaSettingsSchema,
    /** A personal access token of the Asana account tasks are created as (My settings → Apps → Developer apps). */
    secret: secret
      .min(1, 'errors:validation.required')
      .regex(/^[\x21-\x7e]+$/, 'integrations:validation.apiTokenInvalid'),
  }),
  z.object({
    kind: z.literal('zendesk'),
    scope: connectionScopeSchema.default('personal'),
    name: connectionName,
    settings: zendeskSettingsSchema,
    /** An API token (Admin Center → Apps and integrations → Zendesk API); tickets are created as the agent. */
    secret: secret
      .min(1, 'errors:validation.required')
      .regex(/^[\x21-\x7e]+$/, 'integrations:validation.apiTokenInvalid'),
  }),
  z.object({
    kind: z.literal('freshdesk'),
    scope: connectionScopeSchema.default('personal'),
    name: connectionName,
    settings: freshdeskSettingsSchema,
    /** The agent's API key (Profile settings → View API key); tickets are created as that agent. */
    secret: secret
      .min(1, 'errors:validation.required')
      .regex(/^[\x21-\x7e]+$/, 'integrations:validation.apiKeyInvalid'),
  }),
]);
export type CreateConnectionInput = z.input<typeof createConnectionInputSchema>;

/** Changes to a connection: an empty or missing secret keeps the stored one. */
export const updateConnectionInputSchema = z.object({
  name: connectionName.optional(),
  settings: z.record(z.string(), z.unknown()).optional(),
  secret: secret.optional(),
});
export type UpdateConnectionInput = z.input<typeof updateConnectionInputSchema>;

export const connectionIdParamsSchema = z.object({ id: z.uuid() });

export const listConnectionsQuerySchema = z.object({ scope: connectionScopeSchema.default('personal') });

// ---- responses ----

export const connectionSchema = z.object({
  id: z.uuid(),
  kind: connectorKindSchema,
  capability: z.enum(connectorCapabilities),
  scope: connectionScopeSchema,
  name: z.string(),
  /** The settings without secrets, as entered. */
  settings: z.record(z.string(), z.unknown()),
  /** Where it points, for display: a host and path, a channel, "Teams workflow at host". */
  target: z.string(),
  status: z.enum(connectionStatuses),
  lastCheckedAt: z.iso.datetime().nullable(),
  lastSyncAt: z.iso.datetime().nullable(),
  /** The last failure, as an error code the interface translates, with the remote's own words. */
  lastError: z.object({ code: z.string(), detail: z.string() }).nullable(),
  /** Storage and wiki: the library (or knowledge-base) folder its files are synced into. */
  folderId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
});
export type Connection = z.infer<typeof connectionSchema>;

export const connectionListSchema = z.object({
  connections: z.array(connectionSchema),
  /** Company connections only: whose they are and whether the caller manages them (its admins do). */
  company: z.object({ name: z.string(), canManage: z.boolean(), managers: z.array(z.string()) }).optional(),
});
export type ConnectionList = z.infer<typeof connectionListSchema>;

export const connectionTestResultSchema = z.object({
  ok: z.boolean(),
  connection: connectionSchema,
});
export type ConnectionTestResult = z.infer<typeof connectionTestResultSchema>;

export const syncItemSchema = z.object({
  remotePath: z.string(),
  outcome: z.enum(syncItemOutcomes),
  detail: z.string().nullable(),
  fileId: z.uuid().nullable(),
});
export type SyncItem = z.infer<typeof syncItemSchema>;

export const syncRunSchema = z.object({
  id: z.uuid(),
  status: z.enum(syncRunStatuses),
  trigger: z.enum(['manual', 'schedule']),
  startedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
  counts: z.object({
    added: z.number().int(),
    updated: z.number().int(),
    deleted: z.number().int(),
    unchanged: z.number().int(),
    failed: z.number().int(),
  }),
  errorCode: z.string().nullable(),
  items: z.array(syncItemSchema),
});
export type SyncRun = z.infer<typeof syncRunSchema>;

export const syncRunListSchema = z.object({ runs: z.array(syncRunSchema) });
export type SyncRunList = z.infer<typeof syncRunListSchema>;

// ---- sharing and the journal ----

/**
 * An answer of one's own conversation, sent through a connection (a channel, or saved to storage);
 * without `messageId`, the whole conversation, saved to a storage folder or published to a wiki.
 */
export const shareAnswerInputSchema = z.object({
  conversationId: z.uuid(),
  messageId: z.uuid().optional(),
});
export type ShareAnswerInput = z.infer<typeof shareAnswerInputSchema>;

/** A shared answer comes back as its journal entry (a saved one names the file in `externalId`). */
export const journalEntrySchema = z.object({
  id: z.uuid(),
  connectionId: z.uuid().nullable(),
  connectionName: z.string(),
  kind: connectorKindSchema,
  destination: z.string(),
  senderEmail: z.string(),
  content: z.string(),
  /** SHA-256 of the content as sent, so a record can be shown unaltered. */
  contentSha256: z.string(),
  status: z.enum(['sent', 'failed']),
  externalId: z.string().nullable(),
  errorCode: z.string().nullable(),
  sentAt: z.iso.datetime(),
});
export type JournalEntry = z.infer<typeof journalEntrySchema>;

export const journalQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const JOURNAL_PAGE_SIZE = 50;

export const journalPageSchema = z.object({
  entries: z.array(journalEntrySchema),
  page: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
});
export type JournalPage = z.infer<typeof journalPageSchema>;

// ---- OAuth (authorization code with PKCE) ----

/** The kinds whose connections are signed in through the vendor's OAuth page instead of a typed secret. */
export const oauthConnectorKinds = [
  'onedrive',
  'dropbox',
  'googledrive',
  'box',
] as const satisfies readonly ConnectorKind[];
export const oauthConnectorKindSchema = z.enum(oauthConnectorKinds);
export type OAuthConnectorKind = z.infer<typeof oauthConnectorKindSchema>;

export function isOAuthKind(kind: ConnectorKind): kind is OAuthConnectorKind {
  return (oauthConnectorKinds as readonly string[]).includes(kind);
}

/** Each OAuth kind's settings (the folder; no secret: the vendor's tokens are the server's). */
export const oauthSettingsSchemas = {
  onedrive: onedriveSettingsSchema,
  dropbox: dropboxSettingsSchema,
  googledrive: googledriveSettingsSchema,
  box: boxSettingsSchema,
} as const satisfies Record<OAuthConnectorKind, z.ZodObject>;

export const oauthKindParamsSchema = z.object({ kind: oauthConnectorKindSchema });

/**
 * Starts signing in with the vendor: a new connection (name, scope, settings), or an existing one
 * signed in again (`connectionId`, e.g. after its refresh token was revoked).
 */
export const oauthNewConnectionSchema = z.object({
  scope: connectionScopeSchema.default('personal'),
  name: connectionName,
  /** Checked against the kind's schema (`oauthSettingsSchemas`) by the server. */
  settings: z.record(z.string(), z.unknown()),
});
export const oauthStartInputSchema = z.union([z.object({ connectionId: z.uuid() }), oauthNewConnectionSchema]);
export type OAuthStartInput = z.input<typeof oauthStartInputSchema>;

/** Where the browser goes next: the vendor's sign-in page. */
export const oauthStartResultSchema = z.object({ authorizeUrl: z.url() });
export type OAuthStartResult = z.infer<typeof oauthStartResultSchema>;

/** The OAuth kinds and whether the administrator configured their client id and secret. */
export const oauthProvidersSchema = z.object({
  providers: z.array(z.object({ kind: oauthConnectorKindSchema, configured: z.boolean() })),
});
export type OAuthProviders = z.infer<typeof oauthProvidersSchema>;

/** What the vendor's redirect brings back (`code` and `state`, or `error`). */
export const oauthCallbackQuerySchema = z.object({
  state: z.string().max(200).optional(),
  code: z.string().max(4_000).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2_000).optional(),
});

/** The query parameters the integrations screen reads after the callback's redirect. */
export const OAUTH_RESULT_PARAM = 'oauth';
export const OAUTH_ERROR_PARAM = 'oauthError';
