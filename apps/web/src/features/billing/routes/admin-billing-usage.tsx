import { adminUsageQuerySchema, usageKinds } from '@compliance/shared/billing';
import { Gauge } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { DataTable, ListQuery } from '@/components/ui/data-table.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Select } from '@/components/ui/select.tsx';
import { useFormatters } from '@/lib/format.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { useAdminUsage } from '../api/admin-billing.ts';
import { AdminBillingNav } from '../components/admin-billing-nav.tsx';

export const handle = { title: 'billing:adminBilling.usage.title' } satisfies RouteHandle;

const keys = ['email', 'kind', 'action', 'from', 'to'] as const;

/** Admin: any user's usage ledger, filtered by kind, action and dates (/admin/billing/usage). */
export function Component() {
  // 'auth' holds the shared e-mail validation message.
  const { t } = useTranslation(['billing', 'errors', 'auth']);
  const { formatDate, formatNumber, formatBytes } = useFormatters();
  const [params, setParams] = useSearchParams();
  const applied = Object.fromEntries(keys.map((key) => [key, params.get(key) ?? ''])) as Record<
    (typeof keys)[number],
    string
  >;
  const [draft, setDraft] = useState(applied);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ledger = useAdminUsage(applied.email ? applied : null);

  const apply = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = adminUsageQuerySchema.safeParse(
      Object.fromEntries(Object.entries(draft).filter(([, value]) => value !== '')),
    );
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), t(issue.message)])));
      return;
    }
    setErrors({});
    setParams(Object.fromEntries(Object.entries(draft).filter(([, value]) => value !== '')));
  };

  return (
    <>
      <PageHeader title={t('billing:adminBilling.title')} description={t('billing:adminBilling.description')} />
      <AdminBillingNav />
      <h2 className="mb-4 text-lg font-semibold text-neutral-900">{t('billing:adminBilling.usage.title')}</h2>
      <form
        onSubmit={apply}
        noValidate
        aria-label={t('billing:adminBilling.filters')}
        className="mb-6 grid gap-3 rounded-2xl border border-neutral-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-6"
      >
        <FormField label={t('billing:adminBilling.usage.email')} error={errors.email} className="lg:col-span-2">
          <Input
            type="email"
            value={draft.email}
            onChange={(event) => setDraft({ ...draft, email: event.target.value })}
          />
        </FormField>
        <FormField label={t('billing:adminBilling.usage.kind')} className="lg:col-span-2">
          <Select
            value={draft.kind}
            onChange={(event) => setDraft({ ...draft, kind: event.target.value })}
            options={[
              { value: '', label: t('billing:adminBilling.usage.anyKind') },
              ...usageKinds.map((kind) => ({ value: kind, label: t(`billing:adminBilling.usage.kinds.${kind}`) })),
            ]}
          />
        </FormField>
        <FormField label={t('billing:adminBilling.usage.action')} className="lg:col-span-2">
          <Input value={draft.action} onChange={(event) => setDraft({ ...draft, action: event.target.value })} />
        </FormField>
        <FormField label={t('billing:adminBilling.usage.from')} error={errors.from} className="lg:col-span-2">
          <Input
            type="date"
            value={draft.from}
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          />
        </FormField>
        <FormField label={t('billing:adminBilling.usage.to')} error={errors.to} className="lg:col-span-2">
          <Input type="date" value={draft.to} onChange={(event) => setDraft({ ...draft, to: event.target.value })} />
        </FormField>
        <div className="flex items-end lg:col-span-2">
          <Button type="submit">{t('billing:adminBilling.usage.show')}</Button>
        </div>
      </form>
      {!applied.email ? (
        <EmptyState icon={Gauge} title={t('billing:adminBilling.usage.prompt')} />
      ) : (
        <ListQuery query={ledger} empty={{ icon: Gauge, title: t('billing:adminBilling.usage.empty') }}>
          {(rows) => (
            <DataTable
              rows={rows}
              rowKey={(entry) => entry.id}
              minWidth="sm"
              columns={[
                {
                  id: 'time',
                  header: t('billing:adminBilling.usage.time'),
                  cell: (entry) => formatDate(entry.createdAt, { dateStyle: 'medium', timeStyle: 'short' }),
                },
                {
                  id: 'kind',
                  header: t('billing:adminBilling.usage.kind'),
                  cell: (entry) => t(`billing:adminBilling.usage.kinds.${entry.kind}`),
                },
                {
                  id: 'amount',
                  header: t('billing:adminBilling.usage.amount'),
                  cell: (entry) => (entry.kind === 'storage' ? formatBytes(entry.amount) : formatNumber(entry.amount)),
                },
                {
                  id: 'action',
                  header: t('billing:adminBilling.usage.action'),
                  className: 'font-mono text-xs',
                  cell: (entry) => entry.action,
                },
                {
                  id: 'reference',
                  header: t('billing:adminBilling.usage.reference'),
                  className: 'font-mono text-xs',
                  cell: (entry) => entry.reference ?? '—',
                },
              ]}
            />
          )}
        </ListQuery>
      )}
    </>
  );
}
