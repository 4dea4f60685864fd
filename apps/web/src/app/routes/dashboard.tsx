import { FileText, Globe2, MessagesSquare, NotebookPen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { PlanUsageCard } from '@/features/billing/components/plan-usage-card.tsx';
import { useAssistants } from '@/features/chat/api/get-assistants.ts';
import { RecentConversationsCard } from '@/features/chat/components/dashboard-cards.tsx';
import { LatestChangesCard } from '@/features/countries/components/latest-changes-card.tsx';
import { DashboardCoursesCard } from '@/features/courses/components/dashboard-courses-card.tsx';
import { useFolderContents } from '@/features/library/api/get-folder-contents.ts';
import { errorMessageKey } from '@/lib/api-client.ts';
import { formatDate } from '@/lib/format.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';

export const handle = { title: 'common:pages.dashboard.title' } satisfies RouteHandle;

const card = 'rounded-2xl border border-neutral-200 bg-white p-5 shadow-sm';

function RecentDocumentsCard() {
  const { t, i18n } = useTranslation(['chat', 'errors']);
  const contents = useFolderContents(null);
  const files = [...(contents.data?.files ?? [])]
    .sort((a, b) => String(b.updatedAt ?? '').localeCompare(String(a.updatedAt ?? '')))
    .slice(0, 5);
  return (
    <section aria-labelledby="dashboard-documents" className={card}>
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id="dashboard-documents" className="text-base font-semibold text-neutral-900">
          {t('chat:dashboard.recentDocuments')}
        </h2>
        <Link to={paths.app.documents.getHref()} className="text-sm font-medium text-primary-700 hover:underline">
          {t('chat:dashboard.openDocuments')}
        </Link>
      </div>
      {contents.isPending ? (
        <Skeleton className="h-16" />
      ) : contents.isError ? (
        <p role="alert" className="text-sm text-danger-700">
          {t(errorMessageKey(contents.error))}
        </p>
      ) : files.length === 0 ? (
        <p className="text-sm text-neutral-500">{t('chat:dashboard.noDocuments')}</p>
      ) : (
        <ul className="divide-y divide-neutral-100">
          {files.map((file) => (
            <li key={file.id}>
              <Link
                to={paths.app.documentViewer.getHref(file.id)}
                className="flex items-center gap-3 py-2 hover:text-primary-800"
              >
                <FileText aria-hidden="true" className="size-4 shrink-0 text-neutral-400" />
                <span className="min-w-0 flex-1 truncate text-sm">{file.name}</span>
                {file.updatedAt && (
                  <span className="shrink-0 text-xs text-neutral-500">{formatDate(file.updatedAt, i18n.language)}</span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const shortcuts = [
  { key: 'shortcutChat', href: paths.app.chat.getHref(), icon: MessagesSquare },
  { key: 'shortcutDocuments', href: paths.app.documents.getHref(), icon: FileText },
  { key: 'shortcutCountries', href: paths.countries.list.getHref(), icon: Globe2 },
  { key: 'shortcutPrompts', href: paths.app.promptLibrary.getHref(), icon: NotebookPen },
] as const;

/**
 * The dashboard (user layout, /dashboard). It lives in app/ because it brings several features
 * together (conversations, documents, usage, FATF changes, courses), and features never import each other.
 */
export function Component() {
  const { t } = useTranslation(['common', 'chat']);
  const offline = useAssistants().data?.capabilities.provider === 'offline';
  return (
    <>
      <PageHeader title={t('common:pages.dashboard.title')} description={t('common:pages.dashboard.description')} />
      <nav aria-label={t('chat:dashboard.shortcuts')} className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {shortcuts.map(({ key, href, icon: Icon }) => (
          <Link
            key={key}
            to={href}
            className="flex items-center gap-3 rounded-xl border border-neutral-200 bg-white p-4 text-sm font-medium text-neutral-800 shadow-sm hover:border-primary-300 hover:text-primary-800"
          >
            <Icon aria-hidden="true" className="size-5 shrink-0 text-primary-600" />
            {t(`chat:dashboard.${key}`)}
          </Link>
        ))}
      </nav>
      {/* One column of minmax(0, 1fr) on phones: a card never grows wider than the screen. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <RecentConversationsCard />
        <PlanUsageCard tokensNote={offline ? t('chat:dashboard.tokensOffline') : undefined} />
        <RecentDocumentsCard />
        <LatestChangesCard />
        <DashboardCoursesCard />
      </div>
    </>
  );
}
