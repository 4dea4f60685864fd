import { MessagesSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { errorMessageKey } from '@/lib/api-client.ts';
import { formatBytes, formatDate, formatNumber } from '@/lib/format.ts';
import { useAssistants } from '../api/get-assistants.ts';
import { useConversations } from '../api/get-conversations.ts';
import { useUsage } from '../api/get-usage.ts';
import { chatHref } from './conversation-list.tsx';

const card = 'rounded-2xl border border-neutral-200 bg-white p-5 shadow-sm';

/** The dashboard's latest conversations. */
export function RecentConversationsCard() {
  const { t, i18n } = useTranslation(['chat', 'errors']);
  const list = useConversations('active', '', 5);
  const conversations = list.data?.conversations ?? [];
  return (
    <section aria-labelledby="dashboard-conversations" className={card}>
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id="dashboard-conversations" className="text-base font-semibold text-neutral-900">
          {t('chat:dashboard.recentConversations')}
        </h2>
        <Link to={chatHref()} className="text-sm font-medium text-primary-700 hover:underline">
          {t('chat:dashboard.viewAll')}
        </Link>
      </div>
      {list.isPending ? (
        <div className="space-y-2">
          <Skeleton className="h-8" />
          <Skeleton className="h-8" />
        </div>
      ) : list.isError ? (
        <p role="alert" className="text-sm text-danger-700">
          {t(errorMessageKey(list.error))}
        </p>
      ) : conversations.length === 0 ? (
        <div className="flex flex-col items-start gap-3">
          <p className="text-sm text-neutral-500">{t('chat:dashboard.noConversations')}</p>
          <Link to={chatHref()} className={buttonClasses({ size: 'sm' })}>
            {t('chat:dashboard.startChat')}
          </Link>
        </div>
      ) : (
        <ul className="divide-y divide-neutral-100">
          {conversations.map((conversation) => (
            <li key={conversation.id}>
              <Link to={chatHref(conversation.id)} className="flex items-center gap-3 py-2 hover:text-primary-800">
                <MessagesSquare aria-hidden="true" className="size-4 shrink-0 text-neutral-400" />
                <span className="min-w-0 flex-1 truncate text-sm">{conversation.title}</span>
                <span className="shrink-0 text-xs text-neutral-500">
                  {formatDate(conversation.updatedAt, i18n.language)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function UsageBar({
  label,
  used,
  limit,
  text,
  note,
}: {
  label: string;
  used: number;
  limit: number;
  text: string;
  note?: string;
}) {
  const percent = limit > 0 ? Math.min(100, Math.round((used / limit) * 100)) : 0;
  return (
    <div>
      <div className="mb-1 flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium text-neutral-800">{label}</span>
        <span className="text-xs text-neutral-600">{text}</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        className="h-2 overflow-hidden rounded-full bg-neutral-100"
      >
        <div
          className={percent >= 90 ? 'h-full bg-danger-500' : 'h-full bg-primary-600'}
          style={{ width: `${percent}%` }}
        />
      </div>
      {note && <p className="mt-1 text-xs text-neutral-500">{note}</p>}
    </div>
  );
}

/** Quota items (SPEC §3): LLM tokens this month and storage, as bars. */
export function UsageCard() {
  const { t, i18n } = useTranslation(['chat', 'errors']);
  const usage = useUsage();
  const assistants = useAssistants();
  const offline = assistants.data?.capabilities.provider === 'offline';
  return (
    <section aria-labelledby="dashboard-usage" className={card}>
      <h2 id="dashboard-usage" className="mb-3 text-base font-semibold text-neutral-900">
        {t('chat:dashboard.usage')}
      </h2>
      {usage.isPending ? (
        <div className="space-y-3">
          <Skeleton className="h-8" />
          <Skeleton className="h-8" />
        </div>
      ) : usage.isError ? (
        <p role="alert" className="text-sm text-danger-700">
          {t(errorMessageKey(usage.error))}
        </p>
      ) : (
        <div className="space-y-4">
          <UsageBar
            label={t('chat:dashboard.tokens')}
            used={usage.data.tokens.used}
            limit={usage.data.tokens.limit}
            text={t('chat:dashboard.usageOf', {
              used: formatNumber(usage.data.tokens.used, i18n.language),
              limit: formatNumber(usage.data.tokens.limit, i18n.language),
            })}
            note={offline ? t('chat:dashboard.tokensOffline') : undefined}
          />
          <UsageBar
            label={t('chat:dashboard.storage')}
            used={usage.data.storage.usedBytes}
            limit={usage.data.storage.limitBytes}
            text={t('chat:dashboard.usageOf', {
              used: formatBytes(usage.data.storage.usedBytes, i18n.language),
              limit: formatBytes(usage.data.storage.limitBytes, i18n.language),
            })}
          />
        </div>
      )}
    </section>
  );
}
