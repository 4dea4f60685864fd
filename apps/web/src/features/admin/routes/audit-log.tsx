import { auditActions, auditFilterSchema } from '@compliance/shared/admin';
import { Download, ScrollText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { DataTable } from '@/components/ui/data-table.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Select } from '@/components/ui/select.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { errorMessageKey } from '@/lib/api-client.ts';
import { useFormatters } from '@/lib/format.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { useAuditLog, useExportAuditLog } from '../api/overview.ts';
import type { AuditLogQuery } from '../api/query-keys.ts';
import { AuditActionLabel } from '../components/audit-action.tsx';

export const handle = { title: 'admin-users:audit.title' } satisfies RouteHandle;

const PAGE_SIZE = 50;
const filterKeys = ['actor', 'action', 'target', 'from', 'to'] as const;

/** The audit log (admin layout, /admin/audit-log): filters in the URL, pages, CSV export. */
export function Component() {
  const { t } = useTranslation(['admin-users', 'errors']);
  const { formatDate, formatNumber } = useFormatters();
  const [params, setParams] = useSearchParams();
  const applied = Object.fromEntries(filterKeys.map((key) => [key, params.get(key) ?? ''])) as Record<
    (typeof filterKeys)[number],
    string
  >;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query: AuditLogQuery = { ...applied, page, pageSize: PAGE_SIZE };
  const [draft, setDraft] = useState(applied);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const log = useAuditLog(query);
  const exportCsv = useExportAuditLog();

  const apply = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = auditFilterSchema.safeParse(
      Object.fromEntries(Object.entries(draft).filter(([, value]) => value !== '')),
    );
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), t(issue.message)])));
      return;
    }
    setErrors({});
    setParams(Object.fromEntries(Object.entries(draft).filter(([, value]) => value !== '')));
  };
  const pages = log.data ? Math.max(1, Math.ceil(log.data.total / PAGE_SIZE)) : 1;
  const goTo = (next: number) =>
    setParams({
      ...Object.fromEntries(Object.entries(applied).filter(([, value]) => value !== '')),
      page: String(next),
    });

  return (
    <>
      <PageHeader
        title={t('admin-users:audit.title')}
        description={t('admin-users:audit.description')}
        actions={
          <Button
            variant="outline"
            color="neutral"
            icon={Download}
            loading={exportCsv.isPending}
            onClick={() => exportCsv.mutate(applied)}
          >
            {t('admin-users:audit.export')}
          </Button>
        }
      />
      <form
        onSubmit={apply}
        aria-label={t('admin-users:audit.filters')}
        className="mb-6 grid gap-3 rounded-2xl border border-neutral-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-6"
      >
        <FormField label={t('admin-users:audit.actor')} className="lg:col-span-2">
          <Input value={draft.actor} onChange={(event) => setDraft({ ...draft, actor: event.target.value })} />
        </FormField>
        <FormField label={t('admin-users:audit.target')} className="lg:col-span-2">
          <Input value={draft.target} onChange={(event) => setDraft({ ...draft, target: event.target.value })} />
        </FormField>
        <FormField label={t('admin-users:audit.action')} className="lg:col-span-2">
          <Select
            value={draft.action}
            onChange={(event) => setDraft({ ...draft, action: event.target.value })}
            options={[
              { value: '', label: t('admin-users:audit.anyAction') },
              ...auditActions.map((action) => ({
                value: action,
                label: t(`admin-users:audit.actions.${action.replaceAll('.', '_')}`, { defaultValue: action }),
              })),
            ]}
          />
        </FormField>
        <FormField label={t('admin-users:audit.from')} className="lg:col-span-2">
          <Input
            type="date"
            value={draft.from}
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          />
        </FormField>
        <FormField label={t('admin-users:audit.to')} error={errors.to} className="lg:col-span-2">
          <Input type="date" value={draft.to} onChange={(event) => setDraft({ ...draft, to: event.target.value })} />
        </FormField>
        <div className="flex items-end gap-2 lg:col-span-2">
          <Button type="submit">{t('admin-users:audit.apply')}</Button>
          <Button
            variant="ghost"
            color="neutral"
            onClick={() => {
              const empty = { actor: '', action: '', target: '', from: '', to: '' };
              setDraft(empty);
              setErrors({});
              setParams({});
            }}
          >
            {t('admin-users:audit.clear')}
          </Button>
        </div>
      </form>
      {log.isPending ? (
        <Skeleton className="h-64" />
      ) : log.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t(errorMessageKey(log.error))}
        </p>
      ) : log.data.entries.length === 0 ? (
        <EmptyState icon={ScrollText} title={t('admin-users:audit.empty')} />
      ) : (
        <>
          <p aria-live="polite" className="mb-2 text-sm text-neutral-600">
            {t('admin-users:audit.count', { count: log.data.total, formatted: formatNumber(log.data.total) })}
          </p>
          <DataTable
            rows={log.data.entries}
            rowKey={(entry) => entry.id}
            columns={[
              {
                id: 'time',
                header: t('admin-users:audit.time'),
                className: 'whitespace-nowrap text-neutral-600',
                cell: (entry) => formatDate(entry.createdAt, { dateStyle: 'medium', timeStyle: 'medium' }),
              },
              {
                id: 'action',
                header: t('admin-users:audit.action'),
                className: 'font-medium text-neutral-900',
                cell: (entry) => <AuditActionLabel action={entry.action} />,
              },
              {
                id: 'actor',
                header: t('admin-users:audit.actor'),
                className: 'break-words',
                cell: (entry) => entry.actorEmail ?? '—',
              },
              {
                id: 'target',
                header: t('admin-users:audit.target'),
                className: 'break-words',
                cell: (entry) => entry.targetEmail ?? '—',
              },
              {
                id: 'details',
                header: t('admin-users:audit.details'),
                className: 'text-xs text-neutral-600',
                cell: (entry) =>
                  [entry.ipAddress, Object.keys(entry.metadata).length > 0 ? JSON.stringify(entry.metadata) : '']
                    .filter(Boolean)
                    .join(' · '),
              },
            ]}
          />
          <nav
            aria-label={t('admin-users:audit.pages')}
            className="mt-4 flex items-center justify-between gap-2 text-sm"
          >
            <Button variant="outline" color="neutral" disabled={page <= 1} onClick={() => goTo(page - 1)}>
              {t('admin-users:audit.previous')}
            </Button>
            <span>{t('admin-users:audit.page', { page, pages })}</span>
            <Button variant="outline" color="neutral" disabled={page >= pages} onClick={() => goTo(page + 1)}>
              {t('admin-users:audit.next')}
            </Button>
          </nav>
        </>
      )}
    </>
  );
}
