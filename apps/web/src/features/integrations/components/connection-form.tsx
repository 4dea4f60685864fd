import {
  CONNECTION_NAME_MAX_LENGTH,
  CONNECTION_SECRET_MAX_LENGTH,
  REMOTE_PATH_MAX_LENGTH,
  createConnectionInputSchema,
  syncSchedules,
  type Connection,
  type ConnectionScope,
  type ConnectorKind,
  type CreateConnectionInput,
} from '@compliance/shared/integrations';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, CircleAlert, Plug } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, type BaseSyntheticEvent, type ReactNode } from 'react';
import {
  useForm,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormRegisterReturn,
  type UseFormSetError,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Select } from '@/components/ui/select.tsx';
import { errorMessageKey, isApiError } from '@/lib/api-client.ts';
import { useCreateConnection } from '../api/create-connection.ts';
import { useUpdateConnection } from '../api/update-connection.ts';
import { KnowledgeBaseBranchField } from './knowledge-base-branch-field.tsx';

// The shared contract's rules per kind: the form checks exactly what the server checks.
const [webdavInput, dokuwikiInput, slackInput, teamsInput] = createConnectionInputSchema.options;

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
function secretRule(rule: z.ZodType<string, string>, editing: boolean): z.ZodType<string, string> {
  if (!editing) return rule;
  return z.string().superRefine((value, context) => {
    if (!value.trim()) return;
    const checked = rule.safeParse(value);
    if (checked.success) return;
    for (const issue of checked.error.issues) context.addIssue({ code: 'custom', message: issue.message });
  });
}

const formSchemas = {
  webdav: (editing: boolean) =>
    z.object({
      name: webdavInput.shape.name,
      settings: webdavInput.shape.settings.extend({ knowledgeBase: knowledgeBaseBranch.optional() }),
      secret: secretRule(webdavInput.shape.secret, editing),
    }),
  dokuwiki: (editing: boolean) =>
    z.object({
      name: dokuwikiInput.shape.name,
      settings: dokuwikiInput.shape.settings.extend({ knowledgeBase: knowledgeBaseBranch.optional() }),
      secret: secretRule(dokuwikiInput.shape.secret, editing),
    }),
  slack: (editing: boolean) =>
    z.object({
      name: slackInput.shape.name,
      settings: slackInput.shape.settings,
      secret: secretRule(slackInput.shape.secret, editing),
    }),
  teams: (editing: boolean) =>
    z.object({
      name: teamsInput.shape.name,
      settings: teamsInput.shape.settings,
      secret: secretRule(teamsInput.shape.secret, editing),
    }),
};

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

/** The settings of one kind of connection, checked with the shared contract's rules. */
export function ConnectionForm(props: ConnectionFormProps) {
  switch (props.kind) {
    case 'webdav':
      return <WebdavForm {...props} />;
    case 'dokuwiki':
      return <DokuwikiForm {...props} />;
    case 'slack':
      return <SlackForm {...props} />;
    case 'teams':
      return <TeamsForm {...props} />;
  }
}

function text(settings: Record<string, unknown> | undefined, key: string, fallback = ''): string {
  const value = settings?.[key];
  return typeof value === 'string' ? value : fallback;
}

function schedule(settings: Record<string, unknown> | undefined) {
  return syncSchedules.find((value) => value === settings?.schedule) ?? 'manual';
}

/** An organisation source's branch as stored (empty choices for a new one); none for a personal one. */
function knowledgeBase(scope: ConnectionScope, settings: Record<string, unknown> | undefined) {
  if (scope !== 'organisation') return undefined;
  const stored = settings?.knowledgeBase;
  const branch = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : undefined;
  return { functionId: text(branch, 'functionId'), resourceTypeId: text(branch, 'resourceTypeId') };
}

/** Saves the form: creates the connection or changes it, and puts the server's objections on the fields. */
function useSave<T extends FieldValues>({
  connection,
  onSaved,
  setError,
  fields,
  addressField,
}: Pick<ConnectionFormProps, 'connection' | 'onSaved'> & {
  setError: UseFormSetError<T>;
  /** The form's fields, as the server names them ("settings.url"). */
  fields: readonly Path<T>[];
  /** The field holding the address the network guard checks. */
  addressField: Path<T>;
}) {
  const { i18n } = useTranslation();
  const create = useCreateConnection();
  const update = useUpdateConnection();
  const key = (message: string) => (i18n.exists(message) ? message : 'errors:validation.invalid');

  /** Takes the whole new connection; an edit sends its name, settings and (when typed) a new secret. */
  async function save(input: CreateConnectionInput) {
    try {
      const saved = connection
        ? await update.mutateAsync({
            id: connection.id,
            name: input.name,
            settings: input.settings ?? {},
            ...(input.secret.trim() ? { secret: input.secret } : {}),
          })
        : await create.mutateAsync(input);
      onSaved(saved);
    } catch (error) {
      if (isApiError(error) && error.code === 'VALIDATION_FAILED' && error.fields) {
        let placed = false;
        for (const [path, message] of Object.entries(error.fields)) {
          // An objection to a group ("settings.knowledgeBase") goes on the group's first field.
          const field = fields.find((name) => name === path || name.startsWith(`${path}.`));
          if (!field) continue;
          setError(field, { type: 'server', message: key(message) }, { shouldFocus: !placed });
          placed = true;
        }
        if (placed) return;
      }
      if (isApiError(error) && error.code === 'INTEGRATION_ADDRESS_BLOCKED') {
        setError(
          addressField,
          { type: 'server', message: 'errors:INTEGRATION_ADDRESS_BLOCKED' },
          { shouldFocus: true },
        );
        return;
      }
      setError('root', { type: 'server', message: errorMessageKey(error) });
    }
  }

  return { save, pending: create.isPending || update.isPending };
}

function WebdavForm({ scope, connection, onSaved, onBack }: ConnectionFormProps) {
  const { t } = useTranslation(['integrations', 'errors']);
  const editing = connection !== null;
  const schema = useMemo(() => formSchemas.webdav(editing), [editing]);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: connection?.name ?? '',
      settings: {
        url: text(connection?.settings, 'url'),
        username: text(connection?.settings, 'username'),
        remotePath: text(connection?.settings, 'remotePath', '/'),
        schedule: schedule(connection?.settings),
        knowledgeBase: knowledgeBase(scope, connection?.settings),
      },
      secret: '',
    },
  });
  const { save, pending } = useSave({
    connection,
    onSaved,
    setError: form.setError,
    fields: [
      'name',
      'settings.url',
      'settings.username',
      'settings.remotePath',
      'settings.schedule',
      ...branchFields,
      'secret',
    ],
    addressField: 'settings.url',
  });
  const errors = form.formState.errors;
  return (
    <FormFrame
      onSubmit={form.handleSubmit((values) => save({ kind: 'webdav', scope, ...values }))}
      errors={errors}
      pending={pending}
      editing={editing}
      onBack={onBack}
    >
      <NameField registration={form.register('name')} error={errors.name?.message} />
      <TextField
        label={t('integrations:fields.url')}
        hint={t('integrations:fields.urlHint')}
        error={errors.settings?.url?.message}
        registration={form.register('settings.url')}
        type="url"
        inputMode="url"
        placeholder="https://cloud.example.com/remote.php/dav/files/USER/"
        required
      />
      <TextField
        label={t('integrations:fields.username')}
        error={errors.settings?.username?.message}
        registration={form.register('settings.username')}
        autoComplete="off"
        maxLength={200}
        required
      />
      <SecretField
        label={t('integrations:fields.password')}
        hint={connection ? t('integrations:fields.keepPassword') : t('integrations:fields.passwordHint')}
        error={errors.secret?.message}
        registration={form.register('secret')}
        required={connection === null}
      />
      <TextField
        label={t('integrations:fields.remotePath')}
        hint={t('integrations:fields.remotePathHint')}
        error={errors.settings?.remotePath?.message}
        registration={form.register('settings.remotePath')}
        autoComplete="off"
        maxLength={REMOTE_PATH_MAX_LENGTH}
      />
      <ScheduleField registration={form.register('settings.schedule')} error={errors.settings?.schedule?.message} />
      {scope === 'organisation' && (
        <KnowledgeBaseBranchField
          control={form.control}
          functionName="settings.knowledgeBase.functionId"
          resourceTypeName="settings.knowledgeBase.resourceTypeId"
        />
      )}
    </FormFrame>
  );
}

function DokuwikiForm({ scope, connection, onSaved, onBack }: ConnectionFormProps) {
  const { t } = useTranslation(['integrations', 'errors']);
  const editing = connection !== null;
  const schema = useMemo(() => formSchemas.dokuwiki(editing), [editing]);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: connection?.name ?? '',
      settings: {
        url: text(connection?.settings, 'url'),
        username: text(connection?.settings, 'username'),
        namespace: text(connection?.settings, 'namespace'),
        schedule: schedule(connection?.settings),
        knowledgeBase: knowledgeBase(scope, connection?.settings),
      },
      secret: '',
    },
  });
  const { save, pending } = useSave({
    connection,
    onSaved,
    setError: form.setError,
    fields: [
      'name',
      'settings.url',
      'settings.username',
      'settings.namespace',
      'settings.schedule',
      ...branchFields,
      'secret',
    ],
    addressField: 'settings.url',
  });
  const errors = form.formState.errors;
  return (
    <FormFrame
      onSubmit={form.handleSubmit((values) => save({ kind: 'dokuwiki', scope, ...values }))}
      errors={errors}
      pending={pending}
      editing={editing}
      onBack={onBack}
    >
      <NameField registration={form.register('name')} error={errors.name?.message} />
      <TextField
        label={t('integrations:fields.wikiUrl')}
        hint={t('integrations:fields.wikiUrlHint')}
        error={errors.settings?.url?.message}
        registration={form.register('settings.url')}
        type="url"
        inputMode="url"
        placeholder="https://wiki.example.com/"
        required
      />
      <TextField
        label={t('integrations:fields.username')}
        error={errors.settings?.username?.message}
        registration={form.register('settings.username')}
        autoComplete="off"
        maxLength={200}
        required
      />
      <SecretField
        label={t('integrations:fields.password')}
        hint={connection ? t('integrations:fields.keepPassword') : t('integrations:fields.wikiPasswordHint')}
        error={errors.secret?.message}
        registration={form.register('secret')}
        required={connection === null}
      />
      <TextField
        label={t('integrations:fields.namespace')}
        hint={t('integrations:fields.namespaceHint')}
        error={errors.settings?.namespace?.message}
        registration={form.register('settings.namespace')}
        autoComplete="off"
        placeholder="policies:aml"
        maxLength={200}
      />
      <ScheduleField registration={form.register('settings.schedule')} error={errors.settings?.schedule?.message} />
      {scope === 'organisation' && (
        <KnowledgeBaseBranchField
          control={form.control}
          functionName="settings.knowledgeBase.functionId"
          resourceTypeName="settings.knowledgeBase.resourceTypeId"
        />
      )}
    </FormFrame>
  );
}

function SlackForm({ scope, connection, onSaved, onBack }: ConnectionFormProps) {
  const { t } = useTranslation(['integrations', 'errors']);
  const editing = connection !== null;
  const schema = useMemo(() => formSchemas.slack(editing), [editing]);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: connection?.name ?? '',
      settings: {
        channel: text(connection?.settings, 'channel'),
        fatfAlerts: connection?.settings.fatfAlerts === true,
      },
      secret: '',
    },
  });
  const { save, pending } = useSave({
    connection,
    onSaved,
    setError: form.setError,
    fields: ['name', 'settings.channel', 'secret'],
    addressField: 'secret',
  });
  const errors = form.formState.errors;
  return (
    <FormFrame
      onSubmit={form.handleSubmit((values) => save({ kind: 'slack', scope, ...values }))}
      errors={errors}
      pending={pending}
      editing={editing}
      onBack={onBack}
    >
      <NameField registration={form.register('name')} error={errors.name?.message} />
      <TextField
        label={t('integrations:fields.channel')}
        hint={t('integrations:fields.channelHint')}
        error={errors.settings?.channel?.message}
        registration={form.register('settings.channel')}
        autoComplete="off"
        placeholder="#compliance"
        maxLength={80}
        required
      />
      <SecretField
        label={t('integrations:fields.botToken')}
        hint={connection ? t('integrations:fields.keepToken') : t('integrations:fields.botTokenHint')}
        error={errors.secret?.message}
        registration={form.register('secret')}
        placeholder="xoxb-…"
        required={connection === null}
      />
      <FatfAlertsField registration={form.register('settings.fatfAlerts')} />
    </FormFrame>
  );
}

function TeamsForm({ scope, connection, onSaved, onBack }: ConnectionFormProps) {
  const { t } = useTranslation(['integrations', 'errors']);
  const editing = connection !== null;
  const schema = useMemo(() => formSchemas.teams(editing), [editing]);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: connection?.name ?? '',
      settings: { fatfAlerts: connection?.settings.fatfAlerts === true },
      secret: '',
    },
  });
  const { save, pending } = useSave({
    connection,
    onSaved,
    setError: form.setError,
    fields: ['name', 'secret'],
    addressField: 'secret',
  });
  const errors = form.formState.errors;
  return (
    <FormFrame
      onSubmit={form.handleSubmit((values) => save({ kind: 'teams', scope, ...values }))}
      errors={errors}
      pending={pending}
      editing={editing}
      onBack={onBack}
    >
      <NameField registration={form.register('name')} error={errors.name?.message} />
      <SecretField
        label={t('integrations:fields.webhook')}
        hint={connection ? t('integrations:fields.keepWebhook') : t('integrations:fields.webhookHint')}
        error={errors.secret?.message}
        registration={form.register('secret')}
        placeholder="https://…"
        required={connection === null}
      />
      <p className="text-xs text-neutral-600">{t('integrations:fields.teamsTestNote')}</p>
      <FatfAlertsField registration={form.register('settings.fatfAlerts')} />
    </FormFrame>
  );
}

// ---- pieces ----

/** Messaging: post the FATF lists' changes to the channel as they happen. */
function FatfAlertsField({ registration }: { registration: UseFormRegisterReturn }) {
  const { t } = useTranslation('integrations');
  return (
    <Checkbox
      label={t('integrations:fields.fatfAlerts')}
      description={t('integrations:fields.fatfAlertsHint')}
      {...registration}
    />
  );
}

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
    formRef.current?.querySelector<HTMLElement>('input, select')?.focus();
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

function NameField({ registration, error }: { registration: UseFormRegisterReturn; error: string | undefined }) {
  const { t } = useTranslation(['integrations', 'errors']);
  return (
    <TextField
      label={t('integrations:fields.name')}
      hint={t('integrations:fields.nameHint')}
      error={error}
      registration={registration}
      autoComplete="off"
      maxLength={CONNECTION_NAME_MAX_LENGTH}
      required
    />
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
  inputMode?: 'url' | 'text';
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
