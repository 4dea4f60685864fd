import type * as AuthModule from '@compliance/shared/auth';
import type { LoginInput } from '@compliance/shared/auth';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
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

type Field = keyof LoginInput;
/** i18n key of each field's first problem. */
type FieldErrors = Partial<Record<Field, string>>;

type LoginSchema = typeof AuthModule.loginInputSchema;
let loginSchema: Promise<LoginSchema | null> | null = null;

/**
 * The sign-in rules (`loginInputSchema`) and zod are fetched on the first focus or submit, not with
 * the page: /login is a first page, and zod and a form library would be a third of its JavaScript
 * (issue 13). Should the import fail (offline, or a new build replaced the file), the form is sent
 * unchecked: the server validates every request and answers with the problem.
 */
function loadLoginSchema(): Promise<LoginSchema | null> {
  loginSchema ??= import('@compliance/shared/auth').then(
    (module) => module.loginInputSchema,
    (error: unknown) => {
      console.warn('[login] could not load the validation rules; the server will check the input', error);
      loginSchema = null;
      return null;
    },
  );
  return loginSchema;
}

/** The parsed values (e-mail trimmed and lower-cased) or the first problem of each field. */
async function validateLogin(values: LoginInput): Promise<{ values: LoginInput; errors: FieldErrors }> {
  const schema = await loadLoginSchema();
  if (!schema) return { values, errors: {} };
  const result = schema.safeParse(values);
  if (result.success) return { values: result.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && errors[field] === undefined) errors[field] = issue.message;
  }
  return { values, errors };
}

/** Only same-site paths are followed after sign-in (no open redirect). */
function safeRedirect(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : paths.app.dashboard.getHref();
}

/**
 * Sign-in form. Validates on submit, then again as each field changes (as the other forms do with
 * react-hook-form, which this first page does without).
 */
export function LoginForm({ title, description }: { title: string; description: string }) {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const login = useLogin();
  const [formError, setFormError] = useState<string | null>(null);
  const [values, setValues] = useState<LoginInput>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const onChange = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (!submitted) return;
    void validateLogin(next).then((result) => setErrors((current) => ({ ...current, [field]: result.errors[field] })));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setIsSubmitting(true);
    setSubmitted(true);
    try {
      const result = await validateLogin(values);
      setErrors(result.errors);
      const invalid = (['email', 'password'] as const).filter((field) => result.errors[field] !== undefined);
      if (invalid[0]) {
        (invalid[0] === 'email' ? emailRef : passwordRef).current?.focus();
        const problems = Object.fromEntries(invalid.map((field) => [field, { message: result.errors[field] }]));
        setFormError(countRequired(problems) > 1 ? t('auth:validation.allFields') : null);
        return;
      }
      setFormError(null);
      try {
        const { user } = await login.mutateAsync(result.values);
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
        setValues((current) => ({ ...current, password: '' }));
        passwordRef.current?.focus();
      }
    } finally {
      setIsSubmitting(false);
    }
  };

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
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        onFocus={() => void loadLoginSchema()}
        className="space-y-4"
      >
        <FormField label={t('auth:fields.email')} required error={errors.email && t(errors.email)}>
          <Input
            ref={emailRef}
            name="email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={onChange('email')}
          />
        </FormField>
        <FormField label={t('auth:fields.password')} required error={errors.password && t(errors.password)}>
          <Input
            ref={passwordRef}
            name="password"
            type="password"
            autoComplete="current-password"
            value={values.password}
            onChange={onChange('password')}
          />
        </FormField>
        <Button type="submit" size="md" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? t('auth:login.submitting') : t('auth:login.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
