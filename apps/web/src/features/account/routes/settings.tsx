import type { ReactNode } from 'react';
import {
  assistantKinds,
  sessionLifetimeDays,
  type AccountSettings,
  type ActiveSession,
} from '@compliance/shared/account';
import { Laptop, LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/toaster/toast-store.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '@/components/ui/card.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Select } from '@/components/ui/select.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { errorMessageKey } from '@/lib/api-client.ts';
import { formatDate } from '@/lib/format.ts';
import { changeLanguage, languageNames, locales, toLocale } from '@/lib/i18n.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from '../api/sessions.ts';
import { useSettings, useUpdateSettings } from '../api/settings.ts';
import { ChangePasswordCard } from '../components/change-password-card.tsx';

export const handle = { title: 'common:pages.settings.title' } satisfies RouteHandle;

/** A short, readable device name from a user-agent string. */
function deviceName(userAgent: string, unknown: string): string {
  if (!userAgent) return unknown;
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const os = /Windows/.test(userAgent)
    ? 'Windows'
    : /Android/.test(userAgent)
      ? 'Android'
      : /iPhone|iPad/.test(userAgent)
        ? 'iOS'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  return [browser, os].filter(Boolean).join(' · ') || userAgent.slice(0, 60);
}

function PreferencesCard({ settings }: { settings: AccountSettings }) {
  const { t } = useTranslation(['account', 'errors']);
  const update = useUpdateSettings();
  const save = (changes: Partial<Omit<AccountSettings, 'theme'>>) => {
    update.mutate(changes, {
      onSuccess: () => toast.add({ title: t('account:settings.saved'), color: 'success' }),
      onError: (error) => toast.add({ title: t(errorMessageKey(error)), color: 'danger' }),
    });
  };
  return (
    <>
      <Card>
        <CardHeader title={t('account:settings.appearance')} />
        <CardBody className="grid max-w-xl gap-4 sm:grid-cols-2">
          <FormField label={t('account:settings.language')} hint={t('account:settings.languageHint')}>
            <Select
              value={settings.language}
              options={locales.map((locale) => ({ value: locale, label: languageNames[locale] }))}
              onChange={(event) => {
                const language = toLocale(event.target.value);
                void changeLanguage(language);
                save({ language });
              }}
            />
          </FormField>
          <FormField label={t('account:settings.theme')} hint={t('account:settings.themeHint')}>
            <Select value="light" disabled options={[{ value: 'light', label: t('account:settings.themeLight') }]} />
          </FormField>
        </CardBody>
      </Card>
      <Card>
        <CardHeader title={t('account:settings.general')} />
        <CardBody className="max-w-xl space-y-4">
          <FormField label={t('account:settings.defaultAssistant')}>
            <Select
              value={settings.defaultAssistant}
              options={assistantKinds.map((kind) => ({ value: kind, label: t(`account:settings.assistants.${kind}`) }))}
              onChange={(event) =>
                save({ defaultAssistant: event.target.value === 'prompt_engineer' ? 'prompt_engineer' : 'expert' })
              }
            />
          </FormField>
          <Switch
            label={t('account:settings.knowledgeBaseSearch')}
            description={t('account:settings.knowledgeBaseSearchHint')}
            checked={settings.knowledgeBaseSearch}
            onCheckedChange={(checked) => save({ knowledgeBaseSearch: checked })}
          />
        </CardBody>
      </Card>
      <Card>
        <CardHeader title={t('account:settings.session')} />
        <CardBody className="max-w-xl">
          <FormField label={t('account:settings.sessionLifetime')} hint={t('account:settings.sessionLifetimeHint')}>
            <Select
              value={String(settings.sessionLifetimeDays)}
              options={sessionLifetimeDays.map((days) => ({
                value: String(days),
                label: t(`account:settings.lifetime.d${days}`),
              }))}
              onChange={(event) => {
                const days = sessionLifetimeDays.find((value) => String(value) === event.target.value);
                if (days) save({ sessionLifetimeDays: days });
              }}
            />
          </FormField>
        </CardBody>
      </Card>
    </>
  );
}

function SessionsCard() {
  const { t, i18n } = useTranslation(['account', 'errors']);
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const list: ActiveSession[] = sessions.data?.sessions ?? [];
  const others = list.filter((session) => !session.current).length;
  return (
    <Card>
      <CardHeader
        title={t('account:sessions.title')}
        description={t('account:sessions.description')}
        actions={
          <Button
            variant="outline"
            color="danger"
            disabled={others === 0 || revokeOthers.isPending}
            onClick={() =>
              revokeOthers.mutate(undefined, {
                onSuccess: ({ revoked }) =>
                  toast.add({ title: t('account:sessions.revokedOthers', { count: revoked }), color: 'success' }),
              })
            }
          >
            {t('account:sessions.revokeOthers')}
          </Button>
        }
      />
      <CardBody>
        {sessions.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : sessions.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {t(errorMessageKey(sessions.error))}
          </p>
        ) : (
          <ul className="divide-y divide-neutral-200">
            {list.map((session) => (
              <li key={session.id} className="flex flex-wrap items-center gap-3 py-3">
                <Laptop aria-hidden="true" className="size-5 text-neutral-500" />
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-neutral-900">
                    {deviceName(session.userAgent, t('account:sessions.unknownDevice'))}
                    {session.current ? <Badge color="success">{t('account:sessions.current')}</Badge> : null}
                  </p>
                  <p className="text-xs text-neutral-600">
                    {t('account:sessions.lastUsed', {
                      date: formatDate(session.lastUsedAt, i18n.language, { dateStyle: 'medium', timeStyle: 'short' }),
                    })}
                    {session.ipAddress ? ` · ${session.ipAddress}` : ''}
                  </p>
                </div>
                {session.current ? null : (
                  <Button
                    variant="ghost"
                    color="danger"
                    icon={LogOut}
                    disabled={revoke.isPending}
                    onClick={() => revoke.mutate(session.id)}
                  >
                    {t('account:sessions.revoke')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}

/**
 * Settings (user layout, /settings): language, theme, general options, sessions, password, and the
 * sections other features add (app/routes/settings.tsx composes them).
 */
export function SettingsPage({ children }: { children?: ReactNode }) {
  const { t } = useTranslation(['common', 'errors']);
  const settings = useSettings();
  return (
    <>
      <PageHeader title={t('common:pages.settings.title')} description={t('common:pages.settings.description')} />
      <div className="space-y-6">
        {settings.isPending ? (
          <Skeleton className="h-64 w-full" />
        ) : settings.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {t(errorMessageKey(settings.error))}
          </p>
        ) : (
          <PreferencesCard settings={settings.data} />
        )}
        {children}
        <SessionsCard />
        <ChangePasswordCard />
      </div>
    </>
  );
}
