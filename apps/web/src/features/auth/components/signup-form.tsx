import { signupInputSchema, type SignupInput } from '@compliance/shared/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { paths } from '@/config/paths.ts';
import { errorMessageKey } from '@/lib/api-client.ts';
import { currentLocale } from '@/lib/i18n.ts';
import { useSignup } from '../api/signup.ts';
import { AuthCard } from './auth-card.tsx';
import { FormAlert } from './form-alert.tsx';
import { PasswordChecklist } from '@/components/password-checklist.tsx';
import { applyServerFieldErrors, countRequired } from './server-errors.ts';

const fieldNames = ['firstName', 'lastName', 'email', 'password', 'passwordConfirmation', 'companyName'] as const;

export function SignupForm({ title, description }: { title: string; description: string }) {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  const navigate = useNavigate();
  // Where to go once the address is confirmed (e.g. back to an invitation), passed on to the code entry.
  const redirectTo = useSearchParams()[0].get('redirectTo') ?? undefined;
  const signup = useSignup();
  const checklistId = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<SignupInput>({
    resolver: zodResolver(signupInputSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '', passwordConfirmation: '', companyName: '' },
  });
  const { errors } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' });
  const message = (key: string | undefined) => (key ? t(key) : undefined);

  const onSubmit = form.handleSubmit(
    async (values) => {
      setFormError(null);
      try {
        await signup.mutateAsync({ ...values, language: currentLocale() });
        await navigate(paths.auth.verifyEmail.getHref(redirectTo), { replace: true });
      } catch (error) {
        if (!applyServerFieldErrors(error, form.setError, fieldNames)) setFormError(t(errorMessageKey(error)));
      }
    },
    (invalid) => setFormError(countRequired(invalid) > 1 ? t('auth:validation.allFields') : null),
  );

  return (
    <AuthCard
      title={title}
      description={description}
      footer={
        <p>
          {t('common:pages.signup.haveAccount')}{' '}
          <Link to={paths.auth.login.getHref()} className="rounded-sm font-medium text-primary-700 hover:underline">
            {t('auth:login.submit')}
          </Link>
        </p>
      }
    >
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField label={t('auth:fields.firstName')} required error={message(errors.firstName?.message)}>
            <Input autoComplete="given-name" {...form.register('firstName')} />
          </FormField>
          <FormField label={t('auth:fields.lastName')} required error={message(errors.lastName?.message)}>
            <Input autoComplete="family-name" {...form.register('lastName')} />
          </FormField>
        </div>
        <FormField label={t('auth:fields.email')} required error={message(errors.email?.message)}>
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </FormField>
        <FormField label={t('auth:fields.password')} required error={message(errors.password?.message)}>
          <Input
            type="password"
            autoComplete="new-password"
            aria-describedby={checklistId}
            {...form.register('password')}
          />
        </FormField>
        <PasswordChecklist id={checklistId} value={password} />
        <FormField
          label={t('auth:fields.passwordConfirmation')}
          required
          error={message(errors.passwordConfirmation?.message)}
        >
          <Input type="password" autoComplete="new-password" {...form.register('passwordConfirmation')} />
        </FormField>
        <FormField label={t('auth:fields.companyName')} required error={message(errors.companyName?.message)}>
          <Input autoComplete="organization" {...form.register('companyName')} />
        </FormField>
        <p className="text-xs text-neutral-500">{t('auth:signup.terms')}</p>
        <Button type="submit" size="md" className="w-full" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? t('auth:signup.submitting') : t('auth:signup.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
