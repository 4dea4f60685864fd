import { RESEND_COOLDOWN_SECONDS, verifyEmailInputSchema, type VerifyEmailInput } from '@compliance/shared/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/components/toaster/toast-store.ts';
import { Button } from '@/components/ui/button.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { errorMessageKey, isApiError } from '@/lib/api-client.ts';
import { useAuthToken } from '@/lib/auth-token.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { sessionQueryOptions } from '@/lib/session.ts';
import { useResendVerification } from '../api/resend-verification.ts';
import { useVerifyEmail } from '../api/verify-email.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { FormAlert } from '../components/form-alert.tsx';

export const handle = { title: 'auth:verify.title' } satisfies RouteHandle;

function useCountdown(initial: number) {
  const [seconds, setSeconds] = useState(initial);
  useEffect(() => {
    if (seconds <= 0) return;
    const timer = window.setTimeout(() => setSeconds((value) => value - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [seconds]);
  return [seconds, setSeconds] as const;
}

/** The verification-code entry: a signed-in but unverified account confirms its e-mail address. */
export function Component() {
  const { t } = useTranslation(['auth', 'errors']);
  const token = useAuthToken();
  const navigate = useNavigate();
  // A same-site path to continue to (e.g. an invitation link opened before signing up), else the dashboard.
  const redirectTo = useSearchParams()[0].get('redirectTo');
  const next = redirectTo?.startsWith('/') && !redirectTo.startsWith('//') ? redirectTo : paths.app.dashboard.getHref();
  const session = useQuery({ ...sessionQueryOptions(), enabled: token !== null });
  const verify = useVerifyEmail();
  const resend = useResendVerification();
  const [cooldown, setCooldown] = useCountdown(RESEND_COOLDOWN_SECONDS);
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm<VerifyEmailInput>({
    resolver: zodResolver(verifyEmailInputSchema),
    defaultValues: { code: '' },
  });

  if (!token) return <Navigate to={paths.auth.login.getHref()} replace />;
  if (session.isPending) return <Spinner className="mx-auto my-16" />;
  if (session.data?.user.emailVerified) return <Navigate to={next} replace />;
  if (!session.data) return <Navigate to={paths.auth.login.getHref()} replace />;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    setNotice(null);
    try {
      await verify.mutateAsync(values);
      toast.add({ title: t('auth:verify.verified'), color: 'success' });
      await navigate(next, { replace: true });
    } catch (error) {
      const remaining = isApiError(error) ? error.fields?.remainingAttempts : undefined;
      setFormError(
        [t(errorMessageKey(error)), remaining ? t('auth:verify.remaining', { count: Number(remaining) }) : '']
          .filter(Boolean)
          .join(' '),
      );
      form.setValue('code', '');
      form.setFocus('code');
    }
  });

  const onResend = async () => {
    setFormError(null);
    try {
      const { retryAfterSeconds } = await resend.mutateAsync();
      setCooldown(retryAfterSeconds);
      setNotice(t('auth:verify.resent'));
    } catch (error) {
      if (isApiError(error) && error.fields?.retryAfterSeconds) setCooldown(Number(error.fields.retryAfterSeconds));
      setFormError(t(errorMessageKey(error)));
    }
  };

  const codeError = form.formState.errors.code?.message;
  return (
    <AuthCard
      title={t('auth:verify.title')}
      description={t('auth:verify.description', { email: session.data.user.email })}
      footer={
        <Link to={paths.auth.logout.getHref()} className="rounded-sm font-medium text-primary-700 hover:underline">
          {t('auth:verify.signOut')}
        </Link>
      }
    >
      {notice ? <FormAlert tone="success">{notice}</FormAlert> : null}
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        <FormField label={t('auth:fields.code')} required error={codeError && t(codeError)}>
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            className="text-center font-mono text-lg tracking-[0.5em]"
            {...form.register('code')}
          />
        </FormField>
        <Button type="submit" size="md" className="w-full" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? t('auth:verify.submitting') : t('auth:verify.submit')}
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="md"
          className="w-full"
          disabled={cooldown > 0 || resend.isPending}
          onClick={() => void onResend()}
        >
          {cooldown > 0 ? t('auth:verify.resendIn', { seconds: cooldown }) : t('auth:verify.resend')}
        </Button>
      </form>
    </AuthCard>
  );
}
