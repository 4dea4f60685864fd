import {
  CONNECTION_NAME_MAX_LENGTH,
  CONNECTION_SECRET_MAX_LENGTH,
  REMOTE_PATH_MAX_LENGTH,
  connectorCapability,
  createConnectionInputSchema,
  isOAuthKind,
  syncSchedules,
  syncsDocuments,
  type Connection,
  type ConnectionScope,
  type ConnectorKind,
  type CreateConnectionInput,
  type OAuthConnectorKind,
} from '@compliance/shared/integrations';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, CircleAlert, Plug } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, type BaseSyntheticEvent, type ReactNode } from 'react';
import { get, useForm, type FieldErrors, type Path, type Resolver, type UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Select } from '@/components/ui/select.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { errorMessageKey, isApiError } from '@/lib/api-client.ts';
import { useCreateConnection } from '../api/create-connection.ts';
import { useUpdateConnection } from '../api/update-connection.ts';
import { KnowledgeBaseBranchField } from './knowledge-base-branch-field.tsx';
import { OAuthConnectionForm } from './oauth-connection-form.tsx';

/** The kinds set up with typed settings and a secret (the OAuth kinds have a form of their own). */
type FormKind = Exclude<ConnectorKind, OAuthConnectorKind>;

// ---- the fields of each kind ----

/** One setting typed in as text (`settings.<key>`); labels and hints are `integrations:fields.*` keys. */
interface TextFieldSpec {
  type: 'text';
  key: string;
  label: string;
  hint?: string;
  placeholder?: string;
  /** The value a new connection starts with. */
  initial?: string;
  url?: boolean;
  /** A number typed in (a port): the numeric keyboard on phones. */
  numeric?: boolean;
  required?: boolean;
  maxLength?: number;
}

/** A list of values typed one per line (or separated by commas), such as e-mail addresses. */
interface ListFieldSpec {
  type: 'list';
  key: string;
  label: string;
  hint?: string;
  placeholder?: string;
  required?: boolean;
}

/** The secret (password, token, webhook address): required on a new connection, kept when left empty. */
interface SecretFieldSpec {
  type: 'secret';
  label: string;
  hint: string;
  keepHint: string;
  placeholder?: string;
}

type FieldSpec =
  | TextFieldSpec
  | ListFieldSpec
  | SecretFieldSpec
  | { type: 'schedule' }
  /** A setting switched on or off (`settings.<key>`), such as IMAP's TLS. */
  | { type: 'checkbox'; key: string; label: string; hint: string; initial: boolean }
  | { type: 'note'; text: string };

interface KindForm {
  fields: FieldSpec[];
  /** The field holding the address the network guard checks (the server's refusal is shown there). */
  addressField: string;
}

/** What a channel is sent besides shared answers (`channelAlerts` in the shared settings). */
const alertFields: FieldSpec[] = [
  { type: 'checkbox', key: 'fatfAlerts', label: 'fields.fatfAlerts', hint: 'fields.fatfAlertsHint', initial: false },
  { type: 'checkbox', key: 'syncAlerts', label: 'fields.syncAlerts', hint: 'fields.syncAlertsHint', initial: false },
];

const usernameField: TextFieldSpec = {
  type: 'text',
  key: 'username',
  label: 'fields.username',
  required: true,
  maxLength: 200,
};

/**
 * Each kind's form, top to bottom. The name comes first for every kind; an organisation source ends
 * with its knowledge-base branch. The rules are the shared contract's (the server checks the same).
 */
const kindForms: Record<FormKind, KindForm> = {
  webdav: {
    fields: [
      {
        type: 'text',
        key: 'url',
        label: 'fields.url',
        hint: 'fields.urlHint',
        placeholder: 'https://cloud.example.com/remote.php/dav/files/USER/',
        url: true,
        required: true,
      },
      usernameField,
      { type: 'secret', label: 'fields.password', hint: 'fields.passwordHint', keepHint: 'fields.keepPassword' },
      {
        type: 'text',
        key: 'remotePath',
        label: 'fields.remotePath',
        hint: 'fields.remotePathHint',
        initial: '/',
        maxLength: REMOTE_PATH_MAX_LENGTH,
      },
      { type: 'schedule' },
    ],
    addressField: 'settings.url',
  },
  s3: {
    fields: [
      {
        type: 'text',
        key: 'endpoint',
        label: 'fields.endpoint',
        hint: 'fields.endpointHint',
        placeholder: 'https://s3.eu-central-1.wasabisys.com',
        url: true,
      },
      {
        type: 'text',
        key: 'region',
        label: 'fields.region',
        hint: 'fields.regionHint',
        initial: 'us-east-1',
        placeholder: 'eu-central-1',
        maxLength: 40,
      },
      { type: 'text', key: 'bucket', label: 'fields.bucket', hint: 'fields.bucketHint', required: true, maxLength: 63 },
      {
        type: 'text',
        key: 'prefix',
        label: 'fields.prefix',
        hint: 'fields.prefixHint',
        placeholder: 'compliance/policies',
        maxLength: REMOTE_PATH_MAX_LENGTH,
      },
      { type: 'text', key: 'accessKeyId', label: 'fields.accessKeyId', required: true, maxLength: 128 },
      {
        type: 'secret',
        label: 'fields.secretAccessKey',
        hint: 'fields.secretAccessKeyHint',
        keepHint: 'fields.keepSecretAccessKey',
      },
      { type: 'schedule' },
    ],
    addressField: 'settings.endpoint',
  },
  dokuwiki: {
    fields: [
      {
        type: 'text',
        key: 'url',
        label: 'fields.wikiUrl',
        hint: 'fields.wikiUrlHint',
        placeholder: 'https://wiki.example.com/',
        url: true,
        required: true,
      },
      usernameField,
      { type: 'secret', label: 'fields.password', hint: 'fields.wikiPasswordHint', keepHint: 'fields.keepPassword' },
      {
        type: 'text',
        key: 'namespace',
        label: 'fields.namespace',
        hint: 'fields.namespaceHint',
        placeholder: 'policies:aml',
        maxLength: 200,
      },
      { type: 'schedule' },
    ],
    addressField: 'settings.url',
  },
  mediawiki: {
    fields: [
      {
        type: 'text',
        key: 'url',
        label: 'fields.mediawikiUrl',
        hint: 'fields.mediawikiUrlHint',
        placeholder: 'https://wiki.example.com/w/api.php',
        url: true,
        required: true,
      },
      {
        type: 'text',
        key: 'username',
        label: 'fields.botUsername',
        hint: 'fields.botUsernameHint',
        placeholder: 'Compliance@sync',
        required: true,
        maxLength: 200,
      },
      { type: 'secret', label: 'fields.botPassword', hint: 'fields.botPasswordHint', keepHint: 'fields.keepPassword' },
      {
        type: 'text',
        key: 'category',
        label: 'fields.category',
        hint: 'fields.categoryHint',
        placeholder: 'Policies',
        maxLength: 255,
      },
      {
        type: 'text',
        key: 'namespace',
        label: 'fields.mediawikiNamespace',
        hint: 'fields.mediawikiNamespaceHint',
        placeholder: 'Help',
        maxLength: 255,
      },
      { type: 'schedule' },
    ],
    addressField: 'settings.url',
  },
  confluence: {
    fields: [
      {
        type: 'text',
        key: 'url',
        label: 'fields.confluenceUrl',
        hint: 'fields.confluenceUrlHint',
        placeholder: 'https://example.atlassian.net',
        url: true,
        required: true,
      },
      {
        type: 'text',
        key: 'email',
        label: 'fields.atlassianEmail',
        hint: 'fields.atlassianEmailHint',
        placeholder: 'officer@example.com',
        required: true,
        maxLength: 254,
      },
      { type: 'secret', label: 'fields.apiToken', hint: 'fields.confluenceTokenHint', keepHint: 'fields.keepToken' },
      {
        type: 'text',
        key: 'spaceKey',
        label: 'fields.spaceKey',
        hint: 'fields.spaceKeyHint',
        placeholder: 'COMPLY',
        required: true,
        maxLength: 255,
      },
      {
        type: 'text',
        key: 'parentPageId',
        label: 'fields.parentPageId',
        hint: 'fields.parentPageIdHint',
        placeholder: '123456789',
        maxLength: 30,
      },
      { type: 'schedule' },
    ],
    addressField: 'settings.url',
  },
  notion: {
    fields: [
      {
        type: 'text',
        key: 'parentId',
        label: 'fields.notionParent',
        hint: 'fields.notionParentHint',
        placeholder: 'https://www.notion.so/acme/Policies-1a2b3c4d5e6f…',
        required: true,
        maxLength: 2_000,
      },
      {
        type: 'secret',
        label: 'fields.notionToken',
        hint: 'fields.notionTokenHint',
        keepHint: 'fields.keepToken',
        placeholder: 'ntn_…',
      },
      { type: 'schedule' },
    ],
    addressField: 'settings.parentId',
  },
  slack: {
    fields: [
      {
        type: 'text',
        key: 'channel',
        label: 'fields.channel',
        hint: 'fields.channelHint',
        placeholder: '#compliance',
        required: true,
        maxLength: 80,
      },
      {
        type: 'secret',
        label: 'fields.botToken',
        hint: 'fields.botTokenHint',
        keepHint: 'fields.keepToken',
        placeholder: 'xoxb-…',
      },
      ...alertFields,
    ],
    addressField: 'secret',
  },
  teams: {
    fields: [
      {
        type: 'secret',
        label: 'fields.webhook',
        hint: 'fields.webhookHint',
        keepHint: 'fields.keepWebhook',
        placeholder: 'https://…',
      },
      { type: 'note', text: 'fields.teamsTestNote' },
      ...alertFields,
    ],
    addressField: 'secret',
  },
  matrix: {
    fields: [
      {
        type: 'text',
        key: 'homeserverUrl',
        label: 'fields.homeserverUrl',
        hint: 'fields.homeserverUrlHint',
        placeholder: 'https://matrix.example.org',
        url: true,
        required: true,
      },
      {
        type: 'text',
        key: 'roomId',
        label: 'fields.roomId',
        hint: 'fields.roomIdHint',
        placeholder: '!AbCdEfGh:example.org',
        required: true,
        maxLength: 255,
      },
      {
        type: 'secret',
        label: 'fields.accessToken',
        hint: 'fields.accessTokenHint',
        keepHint: 'fields.keepAccessToken',
        placeholder: 'syt_…',
      },
      ...alertFields,
    ],
    addressField: 'settings.homeserverUrl',
  },
  email: {
    fields: [
      {
        type: 'list',
        key: 'recipients',
        label: 'fields.recipients',
        hint: 'fields.recipientsHint',
        placeholder: 'compliance@example.com\nofficer@example.com',
        required: true,
      },
      { type: 'note', text: 'fields.emailNote' },
      ...alertFields,
      {
        type: 'checkbox',
        key: 'alertDigest',
        label: 'fields.alertDigest',
        hint: 'fields.alertDigestHint',
        initial: false,
      },
    ],
    addressField: 'settings.recipients',
  },
  imap: {
    fields: [
      {
        type: 'text',
        key: 'host',
        label: 'fields.imapHost',
        hint: 'fields.imapHostHint',
        placeholder: 'imap.example.com',
        required: true,
        maxLength: 253,
      },
      {
        type: 'text',
        key: 'port',
        label: 'fields.port',
        hint: 'fields.portHint',
        initial: '993',
        numeric: true,
        required: true,
        maxLength: 5,
      },
      { type: 'checkbox', key: 'tls', label: 'fields.tls', hint: 'fields.tlsHint', initial: true },
      { ...usernameField, placeholder: 'compliance@example.com' },
      { type: 'secret', label: 'fields.password', hint: 'fields.imapPasswordHint', keepHint: 'fields.keepPassword' },
      {
        type: 'text',
        key: 'folder',
        label: 'fields.mailFolder',
        hint: 'fields.mailFolderHint',
        initial: 'INBOX',
        placeholder: 'Compliance',
        required: true,
        maxLength: 255,
      },
      { type: 'schedule' },
    ],
    addressField: 'settings.host',
  },
  requesttracker: {
    fields: [
      {
        type: 'text',
        key: 'url',
        label: 'fields.rtUrl',
        hint: 'fields.rtUrlHint',
        placeholder: 'https://rt.example.com/',
        url: true,
        required: true,
      },
      { type: 'text', key: 'queue', label: 'fields.queue', hint: 'fields.queueHint', required: true, maxLength: 200 },
      { type: 'secret', label: 'fields.rtToken', hint: 'fields.rtTokenHint', keepHint: 'fields.keepToken' },
    ],
    addressField: 'settings.url',
  },
  zendesk: {
    fields: [
      {
        type: 'text',
        key: 'url',
        label: 'fields.zendeskUrl',
        hint: 'fields.zendeskUrlHint',
        placeholder: 'https://example.zendesk.com',
        url: true,
        required: true,
      },
      {
        type: 'text',
        key: 'email',
        label: 'fields.agentEmail',
        hint: 'fields.zendeskEmailHint',
        placeholder: 'agent@example.com',
        required: true,
        maxLength: 254,
      },
      { type: 'secret', label: 'fields.apiToken', hint: 'fields.zendeskTokenHint', keepHint: 'fields.keepToken' },
    ],
    addressField: 'settings.url',
  },
  freshdesk: {
    fields: [
      {
        type: 'text',
        key: 'url',
        label: 'fields.freshdeskUrl',
        hint: 'fields.freshdeskUrlHint',
        placeholder: 'https://example.freshdesk.com',
        url: true,
        required: true,
      },
      { type: 'secret', label: 'fields.apiKey', hint: 'fields.freshdeskKeyHint', keepHint: 'fields.keepApiKey' },
    ],
    addressField: 'settings.url',
  },
  jira: {
    fields: [
      {
        type: 'text',
        key: 'url',
        label: 'fields.jiraUrl',
        hint: 'fields.jiraUrlHint',
        placeholder: 'https://example.atlassian.net',
        url: true,
        required: true,
      },
      {
        type: 'text',
        key: 'email',
        label: 'fields.atlassianEmail',
        hint: 'fields.atlassianEmailHint',
        placeholder: 'officer@example.com',
        required: true,
        maxLength: 254,
      },
      { type: 'secret', label: 'fields.apiToken', hint: 'fields.jiraTokenHint', keepHint: 'fields.keepToken' },
      {
        type: 'text',
        key: 'projectKey',
        label: 'fields.projectKey',
        hint: 'fields.projectKeyHint',
        placeholder: 'COMP',
        required: true,
        maxLength: 255,
      },
      {
        type: 'text',
        key: 'issueType',
        label: 'fields.issueType',
        hint: 'fields.issueTypeHint',
        initial: 'Task',
        maxLength: 255,
      },
    ],
    addressField: 'settings.url',
  },
  asana: {
    fields: [
      {
        type: 'text',
        key: 'projectGid',
        label: 'fields.asanaProject',
        hint: 'fields.asanaProjectHint',
        placeholder: '1208765432101234',
        required: true,
        maxLength: 19,
      },
      {
        type: 'text',
        key: 'workspaceGid',
        label: 'fields.asanaWorkspace',
        hint: 'fields.asanaWorkspaceHint',
        maxLength: 19,
      },
      {
        type: 'secret',
        label: 'fields.asanaToken',
        hint: 'fields.asanaTokenHint',
        keepHint: 'fields.keepToken',
      },
    ],
    addressField: 'settings.projectGid',
  },
};

// ---- the rules ----

/**
 * The knowledge-base branch an organisation source syncs into. The server requires it for
 * organisation connections (and drops it from personal ones); the form asks for both choices.
 */
const knowledgeBaseBranch = z.object({
  functionId: z.uuid('integrations:validation.knowledgeBaseRequired'),
  resourceTypeId: z.uuid('integrations:validation.knowledgeBaseRequired'),
});

/** The form's fields for the branch, as the server names them. */
const branchFields = ['settings.knowledgeBase.functionId', 'settings.knowledgeBase.resourceTypeId'] as const;

/**
 * On a new connection the secret is required; on an existing one an empty secret keeps the stored
 * one, and a new one must pass the same rule.
 */
function secretRule(rule: z.ZodType<string, unknown>, editing: boolean): z.ZodType<string, unknown> {
  if (!editing) return rule;
  return z.string().superRefine((value, context) => {
    if (!value.trim()) return;
    const checked = rule.safeParse(value);
    if (checked.success) return;
    for (const issue of checked.error.issues) context.addIssue({ code: 'custom', message: issue.message });
  });
}

/** The shared contract's rules for one kind (a source's settings with the knowledge-base branch). */
function formSchema(kind: FormKind, editing: boolean) {
  const input = createConnectionInputSchema.options.find((option) => option.shape.kind.value === kind)!;
  const settings = input.shape.settings as z.ZodType<Record<string, unknown>, unknown>;
  return z.object({
    name: input.shape.name,
    settings: syncsDocuments(connectorCapability[kind])
      ? (settings as unknown as z.ZodObject).extend({ knowledgeBase: knowledgeBaseBranch.optional() })
      : settings,
    secret: secretRule(input.shape.secret as z.ZodType<string, unknown>, editing),
  });
}

interface FormValues {
  name: string;
  settings: Record<string, unknown>;
  secret: string;
}

// ---- the form ----

export interface ConnectionFormProps {
  kind: ConnectorKind;
  scope: ConnectionScope;
  /** The connection being edited; null for a new one. */
  connection: Connection | null;
  /** Called with the saved connection (the server has tested it). */
  onSaved: (connection: Connection) => void;
  /** Back to the choice of kind (new connections only). */
  onBack?: () => void;
}

function text(settings: Record<string, unknown> | undefined, key: string, fallback = ''): string {
  const value = settings?.[key];
  if (Array.isArray(value)) return value.join('\n');
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' ? value : fallback;
}

/** The form's starting values: the connection's stored settings, or each field's initial value. */
function defaultValues(kind: FormKind, scope: ConnectionScope, connection: Connection | null): FormValues {
  const stored = connection?.settings;
  const settings: Record<string, unknown> = {};
  for (const field of kindForms[kind].fields) {
    if (field.type === 'text') settings[field.key] = text(stored, field.key, field.initial);
    if (field.type === 'list') settings[field.key] = text(stored, field.key);
    if (field.type === 'schedule') {
      settings.schedule = syncSchedules.find((value) => value === stored?.schedule) ?? 'manual';
    }
    if (field.type === 'checkbox') {
      const value = stored?.[field.key];
      settings[field.key] = typeof value === 'boolean' ? value : field.initial;
    }
  }
  if (syncsDocuments(connectorCapability[kind]) && scope === 'organisation') {
    const branch = stored?.knowledgeBase;
    const value = typeof branch === 'object' && branch !== null ? (branch as Record<string, unknown>) : undefined;
    settings.knowledgeBase = { functionId: text(value, 'functionId'), resourceTypeId: text(value, 'resourceTypeId') };
  }
  return { name: connection?.name ?? '', settings, secret: '' };
}

/** The form's fields, as the server names them ("settings.url"), for putting its objections on them. */
function fieldNames(kind: FormKind, scope: ConnectionScope): string[] {
  const names = ['name'];
  for (const field of kindForms[kind].fields) {
    if (field.type === 'text' || field.type === 'list' || field.type === 'checkbox') {
      names.push(`settings.${field.key}`);
    }
    if (field.type === 'schedule') names.push('settings.schedule');
    if (field.type === 'secret') names.push('secret');
  }
  if (syncsDocuments(connectorCapability[kind]) && scope === 'organisation') names.push(...branchFields);
  return names;
}

/** A connection's settings: the vendor's sign-in for the OAuth kinds, typed settings and a secret for the others. */
export function ConnectionForm({ kind, ...props }: ConnectionFormProps) {
  return isOAuthKind(kind) ? (
    <OAuthConnectionForm kind={kind} {...props} />
  ) : (
    <StandardConnectionForm kind={kind} {...props} />
  );
}

/** The settings of one kind of connection, laid out from its field list and checked with the shared contract's rules. */
function StandardConnectionForm({
  kind,
  scope,
  connection,
  onSaved,
  onBack,
}: ConnectionFormProps & { kind: FormKind }) {
  const { t, i18n } = useTranslation(['integrations', 'errors']);
  const editing = connection !== null;
  const schema = useMemo(() => formSchema(kind, editing), [kind, editing]);
  const form = useForm<FormValues>({
    resolver: zodResolver(schema) as unknown as Resolver<FormValues>,
    defaultValues: defaultValues(kind, scope, connection),
  });
  const create = useCreateConnection();
  const update = useUpdateConnection();
  const errors = form.formState.errors;
  const { fields, addressField } = kindForms[kind];
  const errorOf = (name: string): string | undefined =>
    (get(errors, name) as { message?: string } | undefined)?.message;
  const register = (name: string) => form.register(name as Path<FormValues>);

  /** Creates the connection, or changes its name, settings and (when typed) its secret. */
  async function save(values: FormValues) {
    const key = (message: string) => (i18n.exists(message) ? message : 'errors:validation.invalid');
    try {
      const saved = connection
        ? await update.mutateAsync({
            id: connection.id,
            name: values.name,
            settings: values.settings,
            ...(values.secret.trim() ? { secret: values.secret } : {}),
          })
        : await create.mutateAsync({ kind, scope, ...values } as CreateConnectionInput);
      onSaved(saved);
    } catch (error) {
      if (isApiError(error) && error.code === 'VALIDATION_FAILED' && error.fields) {
        const names = fieldNames(kind, scope);
        let placed = false;
        for (const [path, message] of Object.entries(error.fields)) {
          // An objection to a group ("settings.knowledgeBase") goes on the group's first field.
          const field = names.find((name) => name === path || name.startsWith(`${path}.`));
          if (!field) continue;
          form.setError(field as Path<FormValues>, { type: 'server', message: key(message) }, { shouldFocus: !placed });
          placed = true;
        }
        if (placed) return;
      }
      if (isApiError(error) && error.code === 'INTEGRATION_ADDRESS_BLOCKED') {
        form.setError(
          addressField as Path<FormValues>,
          { type: 'server', message: 'errors:INTEGRATION_ADDRESS_BLOCKED' },
          { shouldFocus: true },
        );
        return;
      }
      form.setError('root', { type: 'server', message: errorMessageKey(error) });
    }
  }

  function renderField(field: FieldSpec): ReactNode {
    switch (field.type) {
      case 'text':
        return (
          <TextField
            key={field.key}
            label={t(`integrations:${field.label}`)}
            hint={field.hint ? t(`integrations:${field.hint}`) : undefined}
            error={errorOf(`settings.${field.key}`)}
            registration={register(`settings.${field.key}`)}
            required={field.required}
            placeholder={field.placeholder}
            maxLength={field.maxLength}
            autoComplete="off"
            {...(field.url ? { type: 'url', inputMode: 'url' as const } : {})}
            {...(field.numeric ? { inputMode: 'numeric' as const } : {})}
          />
        );
      case 'list':
        return (
          <FormField
            key={field.key}
            label={t(`integrations:${field.label}`)}
            hint={field.hint ? t(`integrations:${field.hint}`) : undefined}
            error={message(t, errorOf(`settings.${field.key}`))}
            required={field.required}
          >
            <Textarea rows={3} placeholder={field.placeholder} {...register(`settings.${field.key}`)} />
          </FormField>
        );
      case 'secret':
        return (
          <SecretField
            key="secret"
            label={t(`integrations:${field.label}`)}
            hint={t(`integrations:${editing ? field.keepHint : field.hint}`)}
            error={errorOf('secret')}
            registration={register('secret')}
            placeholder={field.placeholder}
            required={!editing}
          />
        );
      case 'schedule':
        return (
          <ScheduleField
            key="schedule"
            registration={register('settings.schedule')}
            error={errorOf('settings.schedule')}
          />
        );
      case 'checkbox':
        return (
          <Checkbox
            key={field.key}
            label={t(`integrations:${field.label}`)}
            description={t(`integrations:${field.hint}`)}
            {...register(`settings.${field.key}`)}
          />
        );
      case 'note':
        return (
          <p key={field.text} className="text-xs text-neutral-600">
            {t(`integrations:${field.text}`)}
          </p>
        );
    }
  }

  return (
    <FormFrame
      onSubmit={form.handleSubmit(save)}
      errors={errors}
      pending={create.isPending || update.isPending}
      editing={editing}
      onBack={onBack}
    >
      <TextField
        label={t('integrations:fields.name')}
        hint={t(
          syncsDocuments(connectorCapability[kind])
            ? 'integrations:fields.nameHint'
            : 'integrations:fields.nameHintPlain',
        )}
        error={errorOf('name')}
        registration={register('name')}
        autoComplete="off"
        maxLength={CONNECTION_NAME_MAX_LENGTH}
        required
      />
      {fields.map(renderField)}
      {syncsDocuments(connectorCapability[kind]) && scope === 'organisation' && (
        <KnowledgeBaseBranchField
          control={form.control}
          functionName={branchFields[0] as Path<FormValues>}
          resourceTypeName={branchFields[1] as Path<FormValues>}
        />
      )}
    </FormFrame>
  );
}

// ---- pieces ----

function message(t: (key: string) => string, key: string | undefined): string | undefined {
  return key ? t(key) : undefined;
}

function FormFrame({
  onSubmit,
  errors,
  pending,
  editing,
  onBack,
  children,
}: {
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  errors: FieldErrors;
  pending: boolean;
  editing: boolean;
  onBack: (() => void) | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation(['integrations', 'errors', 'ui']);
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // Coming from the choice of kind or the result, the first field takes the focus.
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, []);
  const rootError = errors.root?.message;
  return (
    <form
      ref={formRef}
      id={formId}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-4"
    >
      {rootError && (
        <p role="alert" className="flex items-start gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t(rootError)}
        </p>
      )}
      {children}
      <p className="text-xs text-neutral-500">{t('ui:requiredFieldsNote')}</p>
      <div className="flex flex-col-reverse gap-2 border-t border-neutral-200 pt-4 sm:flex-row sm:justify-between">
        {onBack ? (
          <Button variant="ghost" color="neutral" icon={ArrowLeft} onClick={onBack}>
            {t('integrations:actions.back')}
          </Button>
        ) : (
          <span />
        )}
        <Button type="submit" icon={Plug} loading={pending}>
          {t(editing ? 'integrations:actions.saveAndTest' : 'integrations:actions.connect')}
        </Button>
      </div>
    </form>
  );
}

function ScheduleField({ registration, error }: { registration: UseFormRegisterReturn; error: string | undefined }) {
  const { t } = useTranslation(['integrations', 'errors']);
  return (
    <FormField label={t('integrations:fields.schedule')} error={message(t, error)}>
      <Select
        {...registration}
        options={syncSchedules.map((value) => ({ value, label: t(`integrations:schedules.${value}`) }))}
      />
    </FormField>
  );
}

function TextField({
  label,
  hint,
  error,
  registration,
  required = false,
  ...input
}: {
  label: string;
  hint?: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
  required?: boolean;
  type?: string;
  inputMode?: 'url' | 'text' | 'numeric';
  placeholder?: string;
  autoComplete?: string;
  maxLength?: number;
}) {
  const { t } = useTranslation(['integrations', 'errors']);
  return (
    <FormField label={label} hint={hint} error={message(t, error)} required={required}>
      <Input {...input} {...registration} />
    </FormField>
  );
}

function SecretField({
  label,
  hint,
  error,
  registration,
  required,
  placeholder,
}: {
  label: string;
  hint: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
  required: boolean;
  placeholder?: string;
}) {
  return (
    <TextField
      label={label}
      hint={hint}
      error={error}
      registration={registration}
      required={required}
      type="password"
      // A tool's credentials, not this app's: the browser must not fill in the user's own password.
      autoComplete="new-password"
      placeholder={placeholder}
      maxLength={CONNECTION_SECRET_MAX_LENGTH}
    />
  );
}
