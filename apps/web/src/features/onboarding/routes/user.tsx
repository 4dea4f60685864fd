import {
  interestAreas,
  jobRoles,
  userOnboardingInputSchema,
  type OnboardingState,
  type UserOnboardingInput,
} from '@compliance/shared/billing';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '@/components/toaster/toast-store.ts';
import { Button } from '@/components/ui/button.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Select } from '@/components/ui/select.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { errorMessageKey } from '@/lib/api-client.ts';
import { languageNames, locales } from '@/lib/i18n.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { useOnboarding } from '../api/get-onboarding.ts';
import { useSaveUserOnboarding } from '../api/save-user-onboarding.ts';

export const handle = { title: 'common:pages.onboardingUser.title' } satisfies RouteHandle;

function UserForm({ state }: { state: OnboardingState }) {
  const { t } = useTranslation(['onboarding', 'auth', 'errors', 'ui']);
  const navigate = useNavigate();
  const save = useSaveUserOnboarding();
  const form = useForm<UserOnboardingInput>({
    resolver: zodResolver(userOnboardingInputSchema),
    defaultValues: {
      firstName: state.user.firstName,
      lastName: state.user.lastName,
      language: state.user.language,
      jobRole: state.user.jobRole ?? undefined,
      interests: state.user.interests,
    },
  });
  const { errors } = form.formState;
  const message = (key: string | undefined) => (key ? t(key) : undefined);
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.add({ title: t('onboarding:user.saved'), color: 'success' });
      // A member joined through their company's admin; everyone else continues with the company step.
      await navigate(
        state.company?.role === 'member' ? paths.app.dashboard.getHref() : paths.onboarding.company.getHref(),
      );
    } catch (error) {
      toast.add({ title: t(errorMessageKey(error)), color: 'danger' });
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField label={t('onboarding:user.firstName')} required error={message(errors.firstName?.message)}>
          <Input autoComplete="given-name" {...form.register('firstName')} />
        </FormField>
        <FormField label={t('onboarding:user.lastName')} required error={message(errors.lastName?.message)}>
          <Input autoComplete="family-name" {...form.register('lastName')} />
        </FormField>
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField label={t('onboarding:user.language')} required error={message(errors.language?.message)}>
          <Select
            {...form.register('language')}
            options={locales.map((locale) => ({ value: locale, label: languageNames[locale] }))}
          />
        </FormField>
        <FormField label={t('onboarding:user.jobRole')} required error={message(errors.jobRole?.message)}>
          <Select
            {...form.register('jobRole')}
            placeholder={t('ui:selectPlaceholder')}
            options={jobRoles.map((role) => ({ value: role, label: t(`onboarding:roles.${role}`) }))}
          />
        </FormField>
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-neutral-900">{t('onboarding:user.interests')}</legend>
        <p className="mt-0.5 text-sm text-neutral-500">{t('onboarding:user.interestsHint')}</p>
        {state.user.interestsSource === 'company' && (
          <p className="mt-1 text-sm text-primary-700">{t('onboarding:user.interestsFromCompany')}</p>
        )}
        <Controller
          control={form.control}
          name="interests"
          render={({ field }) => (
            <div className="mt-3 grid gap-2 sm:grid-cols-2">
              {interestAreas.map((area) => (
                <Checkbox
                  key={area}
                  label={t(`onboarding:interests.${area}`)}
                  checked={field.value.includes(area)}
                  onChange={(event) =>
                    field.onChange(
                      event.target.checked ? [...field.value, area] : field.value.filter((value) => value !== area),
                    )
                  }
                />
              ))}
            </div>
          )}
        />
      </fieldset>
      <Button type="submit" size="md" disabled={form.formState.isSubmitting}>
        {t('onboarding:user.save')}
      </Button>
    </form>
  );
}

/** Onboarding: about the user (onboarding layout, /onboarding/user). */
export function Component() {
  const { t } = useTranslation(['common', 'errors']);
  const state = useOnboarding();
  return (
    <>
      <PageHeader
        title={t('common:pages.onboardingUser.title')}
        description={t('common:pages.onboardingUser.description')}
      />
      {state.isPending ? (
        <Skeleton className="h-80" />
      ) : state.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t(errorMessageKey(state.error))}
        </p>
      ) : (
        <UserForm state={state.data} />
      )}
    </>
  );
}
