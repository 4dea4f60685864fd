import {
  currencies,
  MAX_PLAN_CONNECTIONS,
  updatePlanInputSchema,
  type PlanDto,
  type UpdatePlanInput,
} from '@compliance/shared/billing';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/toaster/toast-store.ts';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '@/components/ui/card.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { errorMessageKey } from '@/lib/api-client.ts';
import { useUpdatePlan } from '../api/update-plan.ts';

// The editor always sends every field; the API also accepts partial changes.
const planFormSchema = updatePlanInputSchema.required();
type PlanForm = Required<UpdatePlanInput>;

const formValues = (plan: PlanDto): PlanForm => ({
  name: plan.name,
  description: plan.description,
  prices: plan.prices,
  limits: plan.limits,
  active: plan.active,
});

/** An admin's editor for one plan: name, description, prices per currency and interval, every limit. */
export function PlanEditor({ plan }: { plan: PlanDto }) {
  const { t } = useTranslation(['billing', 'errors']);
  const update = useUpdatePlan();
  const form = useForm<PlanForm>({
    resolver: zodResolver(planFormSchema),
    defaultValues: formValues(plan),
  });
  const { errors } = form.formState;
  const number = { valueAsNumber: true } as const;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync({ id: plan.id, ...values });
      form.reset(formValues(saved));
      toast.add({ title: t('billing:admin.saved', { plan: saved.name }), color: 'success' });
    } catch (error) {
      toast.add({ title: t(errorMessageKey(error)), color: 'danger' });
    }
  });
  const invalid = (message: string | undefined) => (message ? t('errors:VALIDATION_FAILED') : undefined);

  return (
    <Card>
      <CardHeader title={plan.name} description={plan.id} />
      <CardBody>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <FormField label={t('billing:admin.name')} required error={invalid(errors.name?.message)}>
              <Input {...form.register('name')} />
            </FormField>
            <FormField label={t('billing:admin.descriptionField')} error={invalid(errors.description?.message)}>
              <Textarea rows={2} {...form.register('description')} />
            </FormField>
          </div>
          <fieldset>
            <legend className="mb-2 text-sm font-semibold text-neutral-900">{t('billing:admin.prices')}</legend>
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              {currencies.map((currency) =>
                (['month', 'year'] as const).map((interval) => (
                  <FormField
                    key={`${currency}-${interval}`}
                    label={t(interval === 'month' ? 'billing:admin.monthly' : 'billing:admin.yearly', { currency })}
                    error={invalid(errors.prices?.[currency]?.[interval]?.message)}
                  >
                    <Input
                      type="number"
                      min={0}
                      step={1}
                      {...form.register(`prices.${currency}.${interval}`, number)}
                    />
                  </FormField>
                )),
              )}
            </div>
          </fieldset>
          <fieldset>
            <legend className="mb-2 text-sm font-semibold text-neutral-900">{t('billing:admin.limits')}</legend>
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
              <FormField label={t('billing:admin.storageBytes')} error={invalid(errors.limits?.storageBytes?.message)}>
                <Input type="number" min={0} step={1} {...form.register('limits.storageBytes', number)} />
              </FormField>
              <FormField
                label={t('billing:admin.monthlyTokens')}
                error={invalid(errors.limits?.monthlyTokens?.message)}
              >
                <Input type="number" min={0} step={1} {...form.register('limits.monthlyTokens', number)} />
              </FormField>
              <FormField label={t('billing:admin.seats')} error={invalid(errors.limits?.seats?.message)}>
                <Input type="number" min={1} step={1} {...form.register('limits.seats', number)} />
              </FormField>
              <FormField label={t('billing:admin.connections')} error={invalid(errors.limits?.connections?.message)}>
                <Input
                  type="number"
                  min={0}
                  max={MAX_PLAN_CONNECTIONS}
                  step={1}
                  {...form.register('limits.connections', number)}
                />
              </FormField>
            </div>
            <div className="mt-3 space-y-2">
              <Checkbox label={t('billing:admin.marketplaceSelling')} {...form.register('limits.marketplaceSelling')} />
              <Checkbox label={t('billing:admin.active')} {...form.register('active')} />
            </div>
          </fieldset>
          <Button type="submit" disabled={form.formState.isSubmitting || !form.formState.isDirty}>
            {t('billing:admin.save', { plan: plan.name })}
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
