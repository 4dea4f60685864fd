import { forgotPasswordInputSchema, type ForgotPasswordInput } from '@compliance/shared/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { paths } from '@/config/paths.ts';
import { errorMessageKey } from '@/lib/api-client.ts';
import { currentLocale } from '@/lib/i18n.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { FormAlert } from '../components/form-alert.tsx';

export const handle = { title: 'auth:forgot.title' } satisfies RouteHandle;

/** Asks for the e-mail address and always answers the same way (no account enumeration). */
export function Component() {
  const { t } = useTranslation(['auth', 'errors']);
  const forgot = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordInputSchema),
    defaultValues: { email: '' },
  });
  const emailError = form.formState.errors.email?.message;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await forgot.mutateAsync({ ...values, language: currentLocale() });
      setSentTo(values.email.trim());
    } catch (error) {
      setFormError(t(errorMessageKey(error)));
    }
  });

  const footer = (
    <Link to={paths.auth.login.getHref()} className="rounded-sm font-medium text-primary-700 hover:underline">
      {t('auth:forgot.backToLogin')}
    </Link>
  );

  if (sentTo) {
    return (
      <AuthCard
        title={t('auth:forgot.sentTitle')}
        description={t('auth:forgot.sent', { email: sentTo })}
        footer={footer}
      >
        <Link
          to={`${paths.auth.forgottenPasswordConfirm.getHref()}?email=${encodeURIComponent(sentTo)}`}
          className="inline-flex h-9 w-full items-center justify-center rounded-lg bg-primary-600 px-4 text-sm font-medium text-white hover:bg-primary-700"
        >
          {t('auth:forgot.enterCode')}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth:forgot.title')} description={t('auth:forgot.description')} footer={footer}>
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        <FormField label={t('auth:fields.email')} required error={emailError && t(emailError)}>
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </FormField>
        <Button type="submit" size="md" className="w-full" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? t('auth:forgot.submitting') : t('auth:forgot.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
