import { blackListActions, countryStatuses, type CountrySummary } from '@compliance/shared/countries';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlert, Save } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { toast } from '@/components/toaster/toast-store.ts';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardBody, CardFooter, CardHeader } from '@/components/ui/card.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Select } from '@/components/ui/select.tsx';
import { errorMessageKey, isApiError } from '@/lib/api-client.ts';
import { useChangeCountryStatus } from '../api/change-country-status.ts';
import { useCountryLanguage } from '../hooks/use-country-language.ts';
import { StatusBadge } from './status-badge.tsx';

const required = 'countries:admin.required';
const statusFormSchema = z
  .object({
    iso2: z.string().min(1, required),
    status: z.enum(countryStatuses, required),
    blackListAction: z.enum([...blackListActions, '']),
    effectiveDate: z.iso.date(required),
    sourceNote: z.string().trim().min(1, required).max(1000),
  })
  .refine((values) => values.status !== 'black' || values.blackListAction !== '', {
    path: ['blackListAction'],
    message: required,
  });
type StatusForm = z.infer<typeof statusFormSchema>;

/** A single status correction between plenaries, recorded in the history and the audit log. */
export function StatusChangeForm({ countries }: { countries: CountrySummary[] }) {
  const { t } = useTranslation(['countries', 'errors']);
  const language = useCountryLanguage();
  const change = useChangeCountryStatus();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<StatusForm>({
    resolver: zodResolver(statusFormSchema),
    defaultValues: { iso2: '', status: 'grey', blackListAction: '', effectiveDate: '', sourceNote: '' },
  });
  const { errors } = form.formState;
  const iso2 = useWatch({ control: form.control, name: 'iso2' });
  const status = useWatch({ control: form.control, name: 'status' });
  const selected = countries.find((country) => country.iso2 === iso2);
  const sorted = [...countries]
    .filter((country) => !country.removedAt)
    .sort((a, b) => a.names[language].localeCompare(b.names[language], language));

  const onSubmit = form.handleSubmit(async ({ iso2: code, blackListAction, ...values }) => {
    setFormError(null);
    try {
      await change.mutateAsync({
        iso2: code,
        ...values,
        blackListAction: values.status === 'black' && blackListAction !== '' ? blackListAction : null,
      });
      toast.add({
        title: t('countries:admin.statusSaved', { name: selected?.names[language] ?? code }),
        color: 'success',
      });
      form.reset({ iso2: '', status: 'grey', blackListAction: '', effectiveDate: '', sourceNote: '' });
    } catch (error) {
      const unchanged = isApiError(error) && error.fields?.status === 'countries:admin.statusUnchanged';
      setFormError(unchanged ? t('countries:admin.statusUnchanged') : t(errorMessageKey(error)));
    }
  });

  return (
    <Card>
      <CardHeader title={t('countries:admin.statusTitle')} description={t('countries:admin.statusDescription')} />
      <form noValidate aria-label={t('countries:admin.statusTitle')} onSubmit={(event) => void onSubmit(event)}>
        <CardBody className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <FormField
            label={t('countries:admin.country')}
            required
            error={errors.iso2?.message && t(errors.iso2.message)}
            hint={
              selected ? (
                <span className="inline-flex items-center gap-1.5">
                  {t('countries:admin.currentStatus', { status: '' })}
                  <StatusBadge status={selected.status} action={selected.blackListAction} />
                </span>
              ) : undefined
            }
          >
            <Select
              {...form.register('iso2')}
              placeholder={t('countries:admin.countryPlaceholder')}
              options={sorted.map((country) => ({
                value: country.iso2,
                label: `${country.names[language]} (${country.iso2})`,
              }))}
            />
          </FormField>
          <FormField label={t('countries:admin.newStatus')} required>
            <Select
              {...form.register('status')}
              options={countryStatuses.map((value) => ({ value, label: t(`countries:status.${value}`) }))}
            />
          </FormField>
          {status === 'black' && (
            <FormField
              label={t('countries:admin.measure')}
              required
              error={errors.blackListAction?.message && t(errors.blackListAction.message)}
            >
              <Select
                {...form.register('blackListAction')}
                options={[
                  { value: '', label: '—' },
                  ...blackListActions.map((value) => ({ value, label: t(`countries:action.${value}`) })),
                ]}
              />
            </FormField>
          )}
          <FormField
            label={t('countries:admin.effectiveDate')}
            required
            error={errors.effectiveDate?.message && t(errors.effectiveDate.message)}
          >
            <Input type="date" {...form.register('effectiveDate')} />
          </FormField>
          <FormField
            className="md:col-span-2"
            label={t('countries:admin.sourceNote')}
            hint={t('countries:admin.sourceNoteHint')}
            required
            error={errors.sourceNote?.message && t(errors.sourceNote.message)}
          >
            <Input {...form.register('sourceNote')} />
          </FormField>
          {formError && (
            <p role="alert" className="flex items-center gap-2 text-sm font-medium text-red-700 md:col-span-2">
              <CircleAlert aria-hidden="true" className="size-4" />
              {formError}
            </p>
          )}
        </CardBody>
        <CardFooter>
          <Button type="submit" icon={Save} loading={change.isPending}>
            {t('countries:admin.saveStatus')}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
