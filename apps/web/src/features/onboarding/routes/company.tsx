import {
  companyOnboardingInputSchema,
  companySizes,
  companySupervisors,
  companyTypes,
  jobRoles,
  type CompanyOnboardingInput,
  type OnboardingState,
} from '@compliance/shared/billing';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/components/toaster/toast-store.ts';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Select } from '@/components/ui/select.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { errorMessageKey, isApiError } from '@/lib/api-client.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { useOnboarding } from '../api/get-onboarding.ts';
import { useSaveCompanyOnboarding } from '../api/save-company-onboarding.ts';
import { CompanyMembers } from '../components/company-members.tsx';
import { countryOptions } from '../utils/countries.ts';

export const handle = { title: 'common:pages.onboardingCompany.title' } satisfies RouteHandle;

function CompanyForm({ state }: { state: OnboardingState }) {
  const { t, i18n } = useTranslation(['onboarding', 'errors', 'ui']);
  const navigate = useNavigate();
  const save = useSaveCompanyOnboarding();
  const company = state.company;
  const form = useForm<CompanyOnboardingInput>({
    resolver: zodResolver(companyOnboardingInputSchema),
    defaultValues: {
      name: company?.name ?? '',
      legalName: company?.legalName ?? '',
      street: company?.street ?? '',
      postcode: company?.postcode ?? '',
      city: company?.city ?? '',
      size: company?.size,
      type: company?.type,
      country: company?.country ?? 'CH',
      uid: company?.uid ?? '',
      lei: company?.lei ?? '',
      supervisor: company?.supervisor ?? '',
      jobRole: state.user.jobRole ?? undefined,
    },
  });
  const { errors } = form.formState;
  const message = (key: string | undefined) => (key ? t(key) : undefined);
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.add({ title: t('onboarding:company.saved'), color: 'success' });
      await navigate(paths.billing.subscription.getHref());
    } catch (error) {
      // The server checks the same rules: its field messages go under the fields, like the browser's.
      const fields = isApiError(error) ? error.fields : undefined;
      const known = Object.entries(fields ?? {}).filter(([field]) => field in form.getValues());
      if (known.length > 0) {
        for (const [field, key] of known) form.setError(field as keyof CompanyOnboardingInput, { message: key });
      } else {
        toast.add({ title: t(errorMessageKey(error)), color: 'danger' });
      }
    }
  });
  const readOnly = company?.role === 'member';

  return (
    <>
      {company && (
        <p className="mb-5 rounded-lg bg-neutral-50 px-3 py-2 text-sm text-neutral-700">
          {t(readOnly ? 'onboarding:company.memberNote' : 'onboarding:company.adminNote', { company: company.name })}
        </p>
      )}
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
        <fieldset disabled={readOnly} className="space-y-5">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <FormField label={t('onboarding:company.name')} required error={message(errors.name?.message)}>
              <Input autoComplete="organization" {...form.register('name')} />
            </FormField>
            <FormField
              label={t('onboarding:company.legalName')}
              hint={t('onboarding:company.legalNameHint')}
              error={message(errors.legalName?.message)}
            >
              <Input {...form.register('legalName')} />
            </FormField>
          </div>
          <fieldset className="space-y-4">
            <legend className="text-sm font-medium text-neutral-900">{t('onboarding:company.address')}</legend>
            <FormField label={t('onboarding:company.street')} error={message(errors.street?.message)}>
              <Input autoComplete="street-address" {...form.register('street')} />
            </FormField>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-[10rem_1fr_1fr]">
              <FormField label={t('onboarding:company.postcode')} error={message(errors.postcode?.message)}>
                <Input autoComplete="postal-code" {...form.register('postcode')} />
              </FormField>
              <FormField label={t('onboarding:company.city')} error={message(errors.city?.message)}>
                <Input autoComplete="address-level2" {...form.register('city')} />
              </FormField>
              <FormField label={t('onboarding:company.country')} required error={message(errors.country?.message)}>
                <Select {...form.register('country')} options={countryOptions(i18n.language)} />
              </FormField>
            </div>
          </fieldset>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <FormField
              label={t('onboarding:company.uid')}
              hint={t('onboarding:company.uidHint')}
              error={message(errors.uid?.message)}
            >
              <Input placeholder="CHE-123.456.789" spellCheck={false} {...form.register('uid')} />
            </FormField>
            <FormField
              label={t('onboarding:company.lei')}
              hint={t('onboarding:company.leiHint')}
              error={message(errors.lei?.message)}
            >
              <Input spellCheck={false} {...form.register('lei')} />
            </FormField>
            <FormField label={t('onboarding:company.type')} required error={message(errors.type?.message)}>
              <Select
                {...form.register('type')}
                placeholder={t('ui:selectPlaceholder')}
                options={companyTypes.map((type) => ({ value: type, label: t(`onboarding:types.${type}`) }))}
              />
            </FormField>
            <FormField label={t('onboarding:company.supervisor')} error={message(errors.supervisor?.message)}>
              <Select
                {...form.register('supervisor')}
                options={[
                  { value: '', label: t('onboarding:company.supervisorNone') },
                  ...companySupervisors.map((supervisor) => ({
                    value: supervisor,
                    label: t(`onboarding:supervisors.${supervisor}`),
                  })),
                ]}
              />
            </FormField>
            <FormField label={t('onboarding:company.size')} required error={message(errors.size?.message)}>
              <Select
                {...form.register('size')}
                placeholder={t('ui:selectPlaceholder')}
                options={companySizes.map((size) => ({ value: size, label: t(`onboarding:sizes.${size}`) }))}
              />
            </FormField>
            <FormField label={t('onboarding:company.jobRole')} required error={message(errors.jobRole?.message)}>
              <Select
                {...form.register('jobRole')}
                placeholder={t('ui:selectPlaceholder')}
                options={jobRoles.map((role) => ({ value: role, label: t(`onboarding:roles.${role}`) }))}
              />
            </FormField>
          </div>
        </fieldset>
        <div className="flex flex-wrap items-center gap-3">
          {!readOnly && (
            <Button type="submit" size="md" disabled={form.formState.isSubmitting}>
              {t('onboarding:company.save')}
            </Button>
          )}
          {!company && (
            <Link
              to={paths.billing.subscription.getHref()}
              className={buttonClasses({ variant: 'ghost', color: 'neutral', size: 'md' })}
            >
              {t('onboarding:company.skip')}
            </Link>
          )}
        </div>
      </form>
      {company && !readOnly && <CompanyMembers company={company} />}
    </>
  );
}

/** Onboarding: the company and its members (onboarding layout, /onboarding/company). */
export function Component() {
  const { t } = useTranslation(['common', 'errors']);
  const state = useOnboarding();
  return (
    <>
      <PageHeader
        title={t('common:pages.onboardingCompany.title')}
        description={t('common:pages.onboardingCompany.description')}
      />
      {state.isPending ? (
        <Skeleton className="h-80" />
      ) : state.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t(errorMessageKey(state.error))}
        </p>
      ) : (
        <CompanyForm state={state.data} />
      )}
    </>
  );
}
