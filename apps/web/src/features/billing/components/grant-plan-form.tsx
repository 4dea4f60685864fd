import { grantPlanInputSchema, type PlanDto } from '@compliance/shared/billing';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/toaster/toast-store.ts';
import { Button } from '@/components/ui/button.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Select } from '@/components/ui/select.tsx';
import { errorMessageKey, isApiError } from '@/lib/api-client.ts';
import { useGrantPlan } from '../api/admin-billing.ts';
import { planText } from '../utils/plan-text.ts';

const empty = { email: '', holder: 'user' as 'user' | 'company', planId: '', seats: '1', validUntil: '', note: '' };

/** An admin gives a user, or the company they belong to, a plan until a date (audited on the server). */
export function GrantPlanForm({ plans }: { plans: PlanDto[] }) {
  // 'auth' holds the shared e-mail validation message.
  const { t } = useTranslation(['billing', 'errors', 'auth']);
  const grant = useGrantPlan();
  const paid = plans.filter((plan) => plan.id !== 'free');
  const [draft, setDraft] = useState({ ...empty, planId: paid[0]?.id ?? '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const plan = paid.find((candidate) => candidate.id === draft.planId);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const parsed = grantPlanInputSchema.safeParse({ ...draft, seats: Number(draft.seats) });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), t(issue.message)])));
      return;
    }
    setErrors({});
    grant.mutate(parsed.data, {
      onSuccess: () => {
        toast.add({ title: t('billing:adminBilling.grant.done', { email: parsed.data.email }), color: 'success' });
        setDraft({ ...empty, planId: draft.planId });
      },
      onError: (error) => {
        const fields = isApiError(error) ? error.fields : undefined;
        if (fields && Object.keys(fields).length > 0) {
          setErrors(Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, t(value)])));
        } else setProblem(t(errorMessageKey(error)));
      },
    });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="grant-plan-title"
      className="grid gap-3 rounded-2xl border border-neutral-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-6"
    >
      <div className="sm:col-span-2 lg:col-span-6">
        <h2 id="grant-plan-title" className="text-base font-semibold text-neutral-900">
          {t('billing:adminBilling.grant.title')}
        </h2>
        <p className="text-sm text-neutral-600">{t('billing:adminBilling.grant.description')}</p>
      </div>
      <FormField label={t('billing:adminBilling.grant.email')} error={errors.email} className="lg:col-span-2">
        <Input
          type="email"
          autoComplete="off"
          value={draft.email}
          onChange={(event) => setDraft({ ...draft, email: event.target.value })}
        />
      </FormField>
      <FormField label={t('billing:adminBilling.grant.holder')} className="lg:col-span-2">
        <Select
          value={draft.holder}
          onChange={(event) => setDraft({ ...draft, holder: event.target.value as 'user' | 'company' })}
          options={[
            { value: 'user', label: t('billing:adminBilling.grant.holderUser') },
            { value: 'company', label: t('billing:adminBilling.grant.holderCompany') },
          ]}
        />
      </FormField>
      <FormField label={t('billing:adminBilling.grant.plan')} className="lg:col-span-2">
        <Select
          value={draft.planId}
          onChange={(event) => setDraft({ ...draft, planId: event.target.value })}
          options={paid.map((option) => ({ value: option.id, label: planText(option, t).name }))}
        />
      </FormField>
      {plan?.perSeat && (
        <FormField label={t('billing:adminBilling.grant.seats')} error={errors.seats} className="lg:col-span-2">
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={plan.limits.seats}
            value={draft.seats}
            onChange={(event) => setDraft({ ...draft, seats: event.target.value })}
          />
        </FormField>
      )}
      <FormField label={t('billing:adminBilling.grant.until')} error={errors.validUntil} className="lg:col-span-2">
        <Input
          type="date"
          value={draft.validUntil}
          onChange={(event) => setDraft({ ...draft, validUntil: event.target.value })}
        />
      </FormField>
      <FormField label={t('billing:adminBilling.grant.note')} error={errors.note} className="lg:col-span-2">
        <Input
          value={draft.note}
          maxLength={300}
          onChange={(event) => setDraft({ ...draft, note: event.target.value })}
        />
      </FormField>
      {problem && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2 lg:col-span-6">
          {problem}
        </p>
      )}
      <div className="sm:col-span-2 lg:col-span-6">
        <Button type="submit" loading={grant.isPending}>
          {t('billing:adminBilling.grant.submit')}
        </Button>
      </div>
    </form>
  );
}
