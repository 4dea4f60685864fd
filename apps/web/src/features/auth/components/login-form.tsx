import { loginInputSchema, type LoginInput } from '@compliance/shared/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { paths } from '@/config/paths.ts';
import { errorMessageKey, isApiError } from '@/lib/api-client.ts';
import { useLogin } from '../api/login.ts';
import { AuthCard } from './auth-card.tsx';
import { FormAlert } from './form-alert.tsx';
import { countRequired } from './server-errors.ts';

/** Only same-site paths are followed after sign-in (no open redirect). */
function safeRedirect(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : paths.app.dashboard.getHref();
}

export function LoginForm({ title, description }: { title: string; description: string }) {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const login = useLogin();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginInputSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(
    async (values) => {
      setFormError(null);
      try {
        const { user } = await login.mutateAsync(values);
        await navigate(
          user.emailVerified ? safeRedirect(searchParams.get('redirectTo')) : paths.auth.verifyEmail.getHref(),
          {
            replace: true,
          },
        );
      } catch (error) {
        if (isApiError(error) && error.code === 'TOO_MANY_ATTEMPTS') {
          const seconds = Number(error.fields?.retryAfterSeconds ?? 900);
          setFormError(t('auth:login.tooManyAttempts', { minutes: Math.max(1, Math.ceil(seconds / 60)) }));
        } else {
          setFormError(t(errorMessageKey(error)));
        }
        form.setValue('password', '');
        form.setFocus('password');
      }
    },
    (invalid) => setFormError(countRequired(invalid) > 1 ? t('auth:validation.allFields') : null),
  );

  const notice = searchParams.get('notice');
  return (
    <AuthCard
      title={title}
      description={description}
      footer={
        <>
          <p>
            {t('common:pages.login.noAccount')}{' '}
            <Link to={paths.auth.signup.getHref()} className="rounded-sm font-medium text-primary-700 hover:underline">
              {t('common:header.createAccount')}
            </Link>
          </p>
          <Link
            to={paths.auth.forgottenPassword.getHref()}
            className="rounded-sm font-medium text-primary-700 hover:underline"
          >
            {t('common:pages.login.forgotPassword')}
          </Link>
        </>
      }
    >
      {notice === 'password-reset' ? <FormAlert tone="success">{t('auth:login.passwordReset')}</FormAlert> : null}
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        <FormField label={t('auth:fields.email')} required error={errors.email?.message && t(errors.email.message)}>
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </FormField>
        <FormField
          label={t('auth:fields.password')}
          required
          error={errors.password?.message && t(errors.password.message)}
        >
          <Input type="password" autoComplete="current-password" {...form.register('password')} />
        </FormField>
        <Button type="submit" size="md" className="w-full" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? t('auth:login.submitting') : t('auth:login.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
