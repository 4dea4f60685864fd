import {
  CONNECTION_NAME_MAX_LENGTH,
  REMOTE_PATH_MAX_LENGTH,
  oauthNewConnectionSchema,
  oauthSettingsSchemas,
  syncSchedules,
  type Connection,
  type ConnectionScope,
  type OAuthConnectorKind,
} from '@compliance/shared/integrations';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, CircleAlert, LogIn, Save } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { get, useForm, type Path, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Select } from '@/components/ui/select.tsx';
import { errorMessageKey, isApiError } from '@/lib/api-client.ts';
import { useOAuthProviders, useStartOAuth } from '../api/oauth.ts';
import { useUpdateConnection } from '../api/update-connection.ts';
import { KnowledgeBaseBranchField } from './knowledge-base-branch-field.tsx';

const branchFields = ['settings.knowledgeBase.functionId', 'settings.knowledgeBase.resourceTypeId'] as const;

/** The same rules as the server's (the name's and the kind's settings), checked before leaving for the vendor. */
function formSchema(kind: OAuthConnectorKind) {
  return z.object({
    name: oauthNewConnectionSchema.shape.name,
    settings: oauthSettingsSchemas[kind].extend({
      knowledgeBase: z
        .object({
          functionId: z.uuid('integrations:validation.knowledgeBaseRequired'),
          resourceTypeId: z.uuid('integrations:validation.knowledgeBaseRequired'),
        })
        .optional(),
    }),
  });
}

interface FormValues {
  name: string;
  settings: Record<string, unknown>;
}

function textOf(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}

function byFolderId(kind: OAuthConnectorKind): kind is 'googledrive' | 'box' {
  return kind === 'googledrive' || kind === 'box';
}

function defaultValues(kind: OAuthConnectorKind, scope: ConnectionScope, connection: Connection | null): FormValues {
  const stored = connection?.settings ?? {};
  const settings: Record<string, unknown> = {
    schedule: syncSchedules.find((value) => value === stored.schedule) ?? 'manual',
  };
  // Google Drive and Box name a folder by its id (or address); OneDrive and Dropbox by its path.
  if (byFolderId(kind)) settings.remoteFolderId = textOf(stored.remoteFolderId);
  else settings.remotePath = textOf(stored.remotePath, '/');
  if (kind === 'onedrive') settings.driveId = textOf(stored.driveId);
  if (scope === 'organisation') {
    const branch = (stored.knowledgeBase ?? {}) as Record<string, unknown>;
    settings.knowledgeBase = { functionId: textOf(branch.functionId), resourceTypeId: textOf(branch.resourceTypeId) };
  }
  return { name: connection?.name ?? '', settings };
}

export interface OAuthConnectionFormProps {
  kind: OAuthConnectorKind;
  scope: ConnectionScope;
  connection: Connection | null;
  onSaved: (connection: Connection) => void;
  onBack?: () => void;
}

/**
 * A cloud storage connection signed in with the vendor (OneDrive/SharePoint, Dropbox, Google Drive, Box): its folder
 * settings, then "Connect with …", which records the sign-in on the server and sends the browser to
 * the vendor's page; the server's callback brings it back to the integrations screen. No password or
 * token is ever typed here. A vendor the administrator has not set up shows why instead of a button.
 */
export function OAuthConnectionForm({ kind, scope, connection, onSaved, onBack }: OAuthConnectionFormProps) {
  const { t, i18n } = useTranslation(['integrations', 'errors', 'ui']);
  const vendor = t(`integrations:oauth.vendors.${kind}`);
  const providers = useOAuthProviders();
  const configured = providers.data?.providers.find((provider) => provider.kind === kind)?.configured;
  const start = useStartOAuth();
  const update = useUpdateConnection();
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema(kind)) as unknown as Resolver<FormValues>,
    defaultValues: defaultValues(kind, scope, connection),
  });
  const errors = form.formState.errors;
  const errorOf = (name: string): string | undefined => {
    const message = (get(errors, name) as { message?: string } | undefined)?.message;
    return message ? t(message) : undefined;
  };
  const register = (name: string) => form.register(name as Path<FormValues>);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('input, select')?.focus();
  }, []);

  function showServerError(error: unknown) {
    if (isApiError(error) && error.code === 'VALIDATION_FAILED' && error.fields) {
      let placed = false;
      for (const [path, message] of Object.entries(error.fields)) {
        const field = [
          'name',
          'settings.driveId',
          'settings.remotePath',
          'settings.remoteFolderId',
          'settings.schedule',
          ...branchFields,
        ].find((name) => name === path || name.startsWith(`${path}.`));
        if (!field) continue;
        const key = i18n.exists(message) ? message : 'errors:validation.invalid';
        form.setError(field as Path<FormValues>, { type: 'server', message: key }, { shouldFocus: !placed });
        placed = true;
      }
      if (placed) return;
    }
    form.setError('root', { type: 'server', message: errorMessageKey(error) });
  }

  /** A new connection, or signing an existing one in again: off to the vendor's page. */
  async function signIn(values: FormValues) {
    try {
      const { authorizeUrl } = await start.mutateAsync(
        connection
          ? { kind, connectionId: connection.id }
          : { kind, scope, name: values.name, settings: values.settings },
      );
      window.location.assign(authorizeUrl);
    } catch (error) {
      showServerError(error);
    }
  }

  /** An existing connection's name and folder settings (its sign-in is kept). */
  async function save(values: FormValues) {
    if (!connection) return;
    try {
      onSaved(await update.mutateAsync({ id: connection.id, name: values.name, settings: values.settings }));
    } catch (error) {
      showServerError(error);
    }
  }

  const rootError = errors.root?.message;
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void form.handleSubmit(signIn)(event)}
      className="flex flex-col gap-4"
    >
      {rootError && (
        <p role="alert" className="flex items-start gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t(rootError)}
        </p>
      )}
      <FormField
        label={t('integrations:fields.name')}
        hint={t('integrations:fields.nameHint')}
        error={errorOf('name')}
        required
      >
        <Input autoComplete="off" maxLength={CONNECTION_NAME_MAX_LENGTH} {...register('name')} />
      </FormField>
      {kind === 'onedrive' && (
        <FormField
          label={t('integrations:fields.driveId')}
          hint={t('integrations:fields.driveIdHint')}
          error={errorOf('settings.driveId')}
        >
          <Input autoComplete="off" maxLength={200} placeholder="b!…" {...register('settings.driveId')} />
        </FormField>
      )}
      {byFolderId(kind) ? (
        <FormField
          label={t('integrations:fields.remoteFolder')}
          hint={t(`integrations:fields.${kind}FolderHint`)}
          error={errorOf('settings.remoteFolderId')}
        >
          <Input
            autoComplete="off"
            maxLength={2_000}
            placeholder={
              kind === 'googledrive' ? 'https://drive.google.com/drive/folders/…' : 'https://app.box.com/folder/…'
            }
            {...register('settings.remoteFolderId')}
          />
        </FormField>
      ) : (
        <FormField
          label={t('integrations:fields.cloudPath')}
          hint={t('integrations:fields.cloudPathHint')}
          error={errorOf('settings.remotePath')}
        >
          <Input
            autoComplete="off"
            maxLength={REMOTE_PATH_MAX_LENGTH}
            placeholder="/Compliance/Policies"
            {...register('settings.remotePath')}
          />
        </FormField>
      )}
      <FormField label={t('integrations:fields.schedule')} error={errorOf('settings.schedule')}>
        <Select
          {...register('settings.schedule')}
          options={syncSchedules.map((value) => ({ value, label: t(`integrations:schedules.${value}`) }))}
        />
      </FormField>
      {scope === 'organisation' && (
        <KnowledgeBaseBranchField
          control={form.control}
          functionName={branchFields[0] as Path<FormValues>}
          resourceTypeName={branchFields[1] as Path<FormValues>}
        />
      )}
      {configured === false ? (
        <p role="status" className="flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('integrations:oauth.notConfigured', { vendor })}
        </p>
      ) : (
        <p className="text-xs text-neutral-600">{t('integrations:oauth.redirectNote', { vendor })}</p>
      )}
      <p className="text-xs text-neutral-500">{t('ui:requiredFieldsNote')}</p>
      <div className="flex flex-col-reverse gap-2 border-t border-neutral-200 pt-4 sm:flex-row sm:justify-between">
        {onBack ? (
          <Button variant="ghost" color="neutral" icon={ArrowLeft} onClick={onBack}>
            {t('integrations:actions.back')}
          </Button>
        ) : (
          <span />
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          {connection && (
            <Button
              variant="outline"
              color="neutral"
              icon={Save}
              loading={update.isPending}
              onClick={() => void form.handleSubmit(save)()}
            >
              {t('integrations:oauth.save')}
            </Button>
          )}
          {configured !== false && (
            <Button type="submit" icon={LogIn} loading={start.isPending} disabled={configured === undefined}>
              {t(connection ? 'integrations:oauth.reconnectWith' : 'integrations:oauth.connectWith', { vendor })}
            </Button>
          )}
        </div>
      </div>
    </form>
  );
}
