import { resetPasswordInputSchema, type ResetPasswordInput } from '@compliance/shared/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { paths } from '@/config/paths.ts';
import { errorMessageKey, isApiError } from '@/lib/api-client.ts';
import { clearAuthToken } from '@/lib/auth-token.ts';
import { queryClient } from '@/lib/query-client.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { FormAlert } from '../components/form-alert.tsx';
import { PasswordChecklist } from '@/components/password-checklist.tsx';
import { applyServerFieldErrors, countRequired } from '../components/server-errors.ts';

export const handle = { title: 'auth:reset.title' } satisfies RouteHandle;

/** Takes the code (or the link's token) and the new password; every session of the account ends. */
export function Component() {
  const { t } = useTranslation(['auth', 'errors']);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? undefined;
  const reset = useResetPassword();
  const checklistId = useId();
  const [formError, setFormError] = useState<{ message: string; offerNewCode: boolean } | null>(null);
  const form = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordInputSchema),
    // With a link's token the e-mail and code fields are not shown: leave them undefined (not '') so
    // the schema does not fail on fields the user cannot see.
    defaultValues: token
      ? { token, password: '', passwordConfirmation: '' }
      : { email: searchParams.get('email') ?? '', code: '', password: '', passwordConfirmation: '' },
  });
  const { errors } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' });
  const message = (key: string | undefined) => (key ? t(key) : undefined);

  const onSubmit = form.handleSubmit(
    async (values) => {
      setFormError(null);
      try {
        await reset.mutateAsync(
          token ? { token, password: values.password, passwordConfirmation: values.passwordConfirmation } : values,
        );
        // Every session ended, this browser's too.
        clearAuthToken();
        queryClient.clear();
        await navigate(`${paths.auth.login.getHref()}?notice=password-reset`, { replace: true });
      } catch (error) {
        if (applyServerFieldErrors(error, form.setError, ['email', 'code', 'password', 'passwordConfirmation'])) return;
        // The server answers one refusal for a wrong, expired or used-up code (no account shows through
        // it): say all three, with the way to a new code.
        const codeRefused = isApiError(error) && error.code.startsWith('VERIFICATION_CODE_');
        setFormError({
          message: codeRefused ? t('auth:reset.codeRefused') : t(errorMessageKey(error)),
          offerNewCode: codeRefused,
        });
      }
    },
    (invalid) =>
      setFormError(
        countRequired(invalid) > 1 ? { message: t('auth:validation.allFields'), offerNewCode: false } : null,
      ),
  );

  return (
    <AuthCard
      title={t('auth:reset.title')}
      description={token ? t('auth:reset.descriptionLink') : t('auth:reset.description')}
      footer={
        <Link to={paths.auth.login.getHref()} className="rounded-sm font-medium text-primary-700 hover:underline">
          {t('auth:forgot.backToLogin')}
        </Link>
      }
    >
      {formError ? (
        <FormAlert>
          {formError.message}{' '}
          {formError.offerNewCode || token ? (
            <Link to={paths.auth.forgottenPassword.getHref()} className="font-medium underline">
              {t('auth:reset.requestNew')}
            </Link>
          ) : null}
        </FormAlert>
      ) : null}
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        {token ? null : (
          <>
            <FormField label={t('auth:fields.email')} required error={message(errors.email?.message)}>
              <Input type="email" autoComplete="email" {...form.register('email')} />
            </FormField>
            <FormField label={t('auth:fields.code')} required error={message(errors.code?.message)}>
              <Input
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                className="font-mono tracking-[0.3em]"
                {...form.register('code')}
              />
            </FormField>
          </>
        )}
        <FormField label={t('auth:fields.newPassword')} required error={message(errors.password?.message)}>
          <Input
            type="password"
            autoComplete="new-password"
            aria-describedby={checklistId}
            {...form.register('password')}
          />
        </FormField>
        <PasswordChecklist id={checklistId} value={password} />
        <FormField
          label={t('auth:fields.newPasswordConfirmation')}
          required
          error={message(errors.passwordConfirmation?.message)}
        >
          <Input type="password" autoComplete="new-password" {...form.register('passwordConfirmation')} />
        </FormField>
        <Button type="submit" size="md" className="w-full" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? t('auth:reset.submitting') : t('auth:reset.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
