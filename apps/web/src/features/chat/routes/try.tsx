import { useQueryClient } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { paths } from '@/config/paths.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { useTrialUsage } from '../api/get-trial-usage.ts';
import { ChatView } from '../components/chat-view.tsx';
import { chatQueryKeys } from '../api/query-keys.ts';

export const handle = { title: 'common:pages.try.title' } satisfies RouteHandle;

/** The public trial of the chat, up to a daily query cap counted on the server (public layout, /try). */
export function Component() {
  const { t } = useTranslation(['chat', 'common']);
  const usage = useTrialUsage();
  const queryClient = useQueryClient();
  const remaining = usage.data?.remaining;
  const limitReached = remaining !== undefined && remaining <= 0;

  const blocked = limitReached ? (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-xl border border-accent-200 bg-accent-50 p-4 sm:flex-row sm:items-center"
    >
      <Sparkles aria-hidden="true" className="size-5 shrink-0 text-accent-700" />
      <p className="flex-1 text-sm text-neutral-800">{t('errors:DAILY_QUERY_LIMIT')}</p>
      <Link to={paths.auth.signup.getHref()} className={buttonClasses({ size: 'md' })}>
        {t('common:header.createAccount')}
      </Link>
    </div>
  ) : undefined;

  return (
    <div className="flex min-h-[70vh] flex-col rounded-2xl border border-neutral-200 bg-white p-4 shadow-sm sm:p-6">
      <PageHeader title={t('common:pages.try.title')} description={t('chat:trial.description')} />
      <ChatView
        mode="trial"
        blocked={blocked}
        onTrialDone={() => void queryClient.invalidateQueries({ queryKey: chatQueryKeys.trialUsage() })}
        composerNote={
          usage.data && !limitReached ? (
            <p className="mb-2 text-xs text-neutral-500" data-testid="trial-remaining">
              {t('chat:trial.remaining', { remaining: usage.data.remaining, limit: usage.data.limit })}
            </p>
          ) : null
        }
      />
    </div>
  );
}
