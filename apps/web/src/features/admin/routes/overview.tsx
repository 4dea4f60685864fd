import type { AdminOverview } from '@compliance/shared/admin';
import {
  Activity,
  BookOpenCheck,
  Database,
  Globe2,
  GraduationCap,
  MessagesSquare,
  ScrollText,
  Users,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { errorMessageKey } from '@/lib/api-client.ts';
import { useFormatters } from '@/lib/format.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { useAdminOverview } from '../api/overview.ts';
import { AuditActionLabel } from '../components/audit-action.tsx';

export const handle = { title: 'common:pages.adminOverview.title' } satisfies RouteHandle;

function Section({
  id,
  title,
  icon: Icon,
  to,
  linkLabel,
  children,
}: {
  id: string;
  title: string;
  icon: LucideIcon;
  to: string;
  linkLabel: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col rounded-2xl border border-neutral-200 bg-white p-5 shadow-sm"
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id={id} className="flex items-center gap-2 text-base font-semibold text-neutral-900">
          <Icon aria-hidden="true" className="size-4 text-primary-600" />
          {title}
        </h2>
        <Link to={to} className="text-sm font-medium text-primary-700 hover:underline">
          {linkLabel}
        </Link>
      </div>
      {children}
    </section>
  );
}

function Figures({ items }: { items: { label: string; value: string; warn?: boolean }[] }) {
  return (
    <dl className="grid grid-cols-2 gap-3">
      {items.map((item) => (
        <div key={item.label} className="min-w-0">
          <dt className="text-xs text-neutral-500">{item.label}</dt>
          <dd className={item.warn ? 'text-xl font-semibold text-red-700' : 'text-xl font-semibold text-neutral-900'}>
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Sign-ups per week as bars, with the numbers for screen readers in a list. */
function SignupBars({ weeks }: { weeks: AdminOverview['users']['signupsByWeek'] }) {
  const { t } = useTranslation('admin-users');
  const { formatDate } = useFormatters();
  const max = Math.max(1, ...weeks.map((week) => week.count));
  return (
    <figure className="mt-4">
      <figcaption className="mb-2 text-xs text-neutral-500">{t('admin-users:overview.signupsByWeek')}</figcaption>
      <ul className="flex h-16 items-end gap-1.5">
        {weeks.map((week) => (
          <li key={week.weekStart} className="flex h-full flex-1 flex-col justify-end">
            <span className="sr-only">
              {t('admin-users:overview.weekBar', { date: formatDate(week.weekStart), count: week.count })}
            </span>
            <span
              aria-hidden="true"
              className="block rounded-t bg-primary-500"
              style={{ height: `${Math.max(4, (week.count / max) * 100)}%` }}
              title={`${week.count}`}
            />
          </li>
        ))}
      </ul>
    </figure>
  );
}

/** The admin overview (admin layout, /admin): the install at a glance, each figure a step from its screen. */
export function Component() {
  const { t } = useTranslation(['admin-users', 'common', 'errors']);
  const { formatNumber, formatDate, formatBytes } = useFormatters();
  const overview = useAdminOverview();
  return (
    <>
      <PageHeader
        title={t('common:pages.adminOverview.title')}
        description={t('common:pages.adminOverview.description')}
      />
      {overview.isPending ? (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <Skeleton className="h-48" />
          <Skeleton className="h-48" />
        </div>
      ) : overview.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t(errorMessageKey(overview.error))}
        </p>
      ) : (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 xl:grid-cols-3">
          <Section
            id="overview-users"
            title={t('admin-users:overview.users')}
            icon={Users}
            to={paths.admin.users.getHref()}
            linkLabel={t('admin-users:overview.open')}
          >
            <Figures
              items={[
                { label: t('admin-users:overview.usersTotal'), value: formatNumber(overview.data.users.total) },
                {
                  label: t('admin-users:overview.signups30'),
                  value: formatNumber(overview.data.users.signupsLast30Days),
                },
                {
                  label: t('admin-users:overview.unverified'),
                  value: formatNumber(overview.data.users.total - overview.data.users.verified),
                },
                { label: t('admin-users:overview.disabled'), value: formatNumber(overview.data.users.disabled) },
              ]}
            />
            <SignupBars weeks={overview.data.users.signupsByWeek} />
          </Section>
          <Section
            id="overview-documents"
            title={t('admin-users:overview.documents')}
            icon={Database}
            to={paths.admin.knowledgeBase.getHref()}
            linkLabel={t('admin-users:overview.open')}
          >
            <Figures
              items={[
                {
                  label: t('admin-users:overview.kbFiles'),
                  value: formatNumber(overview.data.documents.knowledgeBaseFiles),
                },
                {
                  label: t('admin-users:overview.personalFiles'),
                  value: formatNumber(overview.data.documents.personalFiles),
                },
                { label: t('admin-users:overview.waiting'), value: formatNumber(overview.data.documents.waiting) },
                {
                  label: t('admin-users:overview.failed'),
                  value: formatNumber(overview.data.documents.failed),
                  warn: overview.data.documents.failed > 0,
                },
                { label: t('admin-users:overview.storage'), value: formatBytes(overview.data.documents.storageBytes) },
              ]}
            />
          </Section>
          <Section
            id="overview-questions"
            title={t('admin-users:overview.questions')}
            icon={MessagesSquare}
            to={paths.admin.assistants.getHref()}
            linkLabel={t('admin-users:overview.open')}
          >
            <Figures
              items={[
                {
                  label: t('admin-users:overview.questions30'),
                  value: formatNumber(overview.data.questions.last30Days),
                },
                {
                  label: t('admin-users:overview.withoutSources30'),
                  value: formatNumber(overview.data.questions.withoutSourcesLast30Days),
                },
                {
                  label: t('admin-users:overview.conversations'),
                  value: formatNumber(overview.data.questions.conversations),
                },
              ]}
            />
          </Section>
          <Section
            id="overview-fatf"
            title={t('admin-users:overview.fatf')}
            icon={Globe2}
            to={paths.admin.fatf.getHref()}
            linkLabel={t('admin-users:overview.open')}
          >
            <Figures
              items={[
                {
                  label: t('admin-users:overview.fatfAsOf'),
                  value: overview.data.fatf.asOf ? formatDate(overview.data.fatf.asOf) : '—',
                },
                {
                  label: t('admin-users:overview.fatfChecked'),
                  value: overview.data.fatf.lastCheckedAt ? formatDate(overview.data.fatf.lastCheckedAt) : '—',
                },
              ]}
            />
          </Section>
          <Section
            id="overview-jobs"
            title={t('admin-users:overview.jobs')}
            icon={Activity}
            to={paths.admin.knowledgeBase.getHref()}
            linkLabel={t('admin-users:overview.open')}
          >
            <Figures
              items={[
                { label: t('admin-users:overview.jobsWaiting'), value: formatNumber(overview.data.jobs.waiting) },
                { label: t('admin-users:overview.jobsRunning'), value: formatNumber(overview.data.jobs.running) },
                {
                  label: t('admin-users:overview.jobsFailed'),
                  value: formatNumber(overview.data.jobs.failed),
                  warn: overview.data.jobs.failed > 0,
                },
              ]}
            />
          </Section>
          <Section
            id="overview-courses"
            title={t('admin-users:overview.courses')}
            icon={GraduationCap}
            to={paths.admin.courses.getHref()}
            linkLabel={t('admin-users:overview.open')}
          >
            <Figures
              items={[
                { label: t('admin-users:overview.learners'), value: formatNumber(overview.data.courses.learners) },
                {
                  label: t('admin-users:overview.certificates'),
                  value: formatNumber(overview.data.courses.certificates),
                },
              ]}
            />
          </Section>
          <div className="lg:col-span-2 xl:col-span-3">
            <Section
              id="overview-audit"
              title={t('admin-users:overview.audit')}
              icon={ScrollText}
              to={paths.admin.auditLog.getHref()}
              linkLabel={t('admin-users:overview.openAudit')}
            >
              {overview.data.recentAudit.length === 0 ? (
                <p className="text-sm text-neutral-500">{t('admin-users:audit.empty')}</p>
              ) : (
                <ul className="divide-y divide-neutral-100 text-sm">
                  {overview.data.recentAudit.map((entry) => (
                    <li key={entry.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                      <BookOpenCheck aria-hidden="true" className="size-4 shrink-0 text-neutral-400" />
                      <span className="font-medium text-neutral-900">
                        <AuditActionLabel action={entry.action} />
                      </span>
                      <span className="min-w-0 truncate text-neutral-600">
                        {[...new Set([entry.actorEmail, entry.targetEmail].filter(Boolean))].join(' → ')}
                      </span>
                      <span className="ml-auto text-xs text-neutral-500">
                        {formatDate(entry.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </Section>
          </div>
        </div>
      )}
    </>
  );
}
