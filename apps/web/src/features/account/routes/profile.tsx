import {
  changeEmailInputSchema,
  confirmEmailChangeInputSchema,
  updateProfileInputSchema,
  type ChangeEmailInput,
  type ConfirmEmailChangeInput,
  type Profile,
  type UpdateProfileInput,
} from '@compliance/shared/account';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import { Link } from 'react-router';
import { toast } from '@/components/toaster/toast-store.ts';
import { Avatar } from '@/components/ui/avatar.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '@/components/ui/card.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { errorMessageKey, isApiError } from '@/lib/api-client.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { useChangeEmail, useConfirmEmailChange } from '../api/change-email.ts';
import { useProfile } from '../api/get-profile.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

export const handle = { title: 'common:pages.profile.title' } satisfies RouteHandle;

function DetailsCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation(['account', 'auth', 'errors']);
  const update = useUpdateProfile();
  const form = useForm<UpdateProfileInput>({
    resolver: zodResolver(updateProfileInputSchema),
    defaultValues: { firstName: profile.firstName, lastName: profile.lastName, companyName: profile.companyName },
  });
  const { errors } = form.formState;
  const message = (key: string | undefined) => (key ? t(key) : undefined);
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      form.reset({ firstName: saved.firstName, lastName: saved.lastName, companyName: saved.companyName });
      toast.add({ title: t('account:profile.saved'), color: 'success' });
    } catch (error) {
      toast.add({ title: t(errorMessageKey(error)), color: 'danger' });
    }
  });
  const name = `${profile.firstName} ${profile.lastName}`.trim();
  return (
    <Card>
      <CardHeader title={t('account:profile.details')} />
      <CardBody>
        <div className="mb-6 flex items-center gap-4">
          <Avatar alt={name || profile.email} size="lg" />
          <div className="min-w-0">
            <p className="truncate font-semibold text-neutral-900">{name}</p>
            <p className="truncate text-sm text-neutral-600">{profile.email}</p>
            {profile.role === 'admin' ? <Badge className="mt-1">{t('account:profile.admin')}</Badge> : null}
          </div>
        </div>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="max-w-xl space-y-4">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <FormField label={t('auth:fields.firstName')} required error={message(errors.firstName?.message)}>
              <Input autoComplete="given-name" {...form.register('firstName')} />
            </FormField>
            <FormField label={t('auth:fields.lastName')} required error={message(errors.lastName?.message)}>
              <Input autoComplete="family-name" {...form.register('lastName')} />
            </FormField>
          </div>
          <FormField label={t('auth:fields.companyName')} required error={message(errors.companyName?.message)}>
            <Input autoComplete="organization" {...form.register('companyName')} />
          </FormField>
          <Button type="submit" disabled={form.formState.isSubmitting || !form.formState.isDirty}>
            {t('account:profile.save')}
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}

function EmailCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation(['account', 'auth', 'errors']);
  const change = useChangeEmail();
  const confirm = useConfirmEmailChange();
  const form = useForm<ChangeEmailInput>({
    resolver: zodResolver(changeEmailInputSchema),
    defaultValues: { newEmail: '', currentPassword: '' },
  });
  const codeForm = useForm<ConfirmEmailChangeInput>({
    resolver: zodResolver(confirmEmailChangeInputSchema),
    defaultValues: { code: '' },
  });
  const message = (key: string | undefined) => (key ? t(key) : undefined);

  const onRequest = form.handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      form.reset();
    } catch (error) {
      if (isApiError(error) && error.code === 'CURRENT_PASSWORD_INCORRECT') {
        form.setError('currentPassword', { message: 'errors:CURRENT_PASSWORD_INCORRECT' });
      } else if (isApiError(error) && error.code === 'EMAIL_TAKEN') {
        form.setError('newEmail', { message: 'errors:EMAIL_TAKEN' });
      } else {
        toast.add({ title: t(errorMessageKey(error)), color: 'danger' });
      }
    }
  });
  const onConfirm = codeForm.handleSubmit(async (values) => {
    try {
      await confirm.mutateAsync(values);
      codeForm.reset();
      toast.add({ title: t('account:email.changed'), color: 'success' });
    } catch (error) {
      codeForm.setError('code', { message: errorMessageKey(error) });
    }
  });

  return (
    <Card>
      <CardHeader
        title={t('account:email.title')}
        description={t('account:email.description', { email: profile.email })}
      />
      <CardBody>
        {profile.pendingEmail ? (
          <form noValidate onSubmit={(event) => void onConfirm(event)} className="mb-6 max-w-md space-y-4">
            <p className="text-sm text-neutral-700">{t('account:email.pending', { email: profile.pendingEmail })}</p>
            <FormField label={t('auth:fields.code')} required error={message(codeForm.formState.errors.code?.message)}>
              <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...codeForm.register('code')} />
            </FormField>
            <Button type="submit" disabled={codeForm.formState.isSubmitting}>
              {t('account:email.confirm')}
            </Button>
          </form>
        ) : null}
        <form noValidate onSubmit={(event) => void onRequest(event)} className="max-w-md space-y-4">
          <FormField
            label={t('account:email.newEmail')}
            required
            error={message(form.formState.errors.newEmail?.message)}
          >
            <Input type="email" autoComplete="email" {...form.register('newEmail')} />
          </FormField>
          <FormField
            label={t('account:password.current')}
            required
            error={message(form.formState.errors.currentPassword?.message)}
          >
            <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
          </FormField>
          <Button type="submit" variant="outline" disabled={form.formState.isSubmitting}>
            {t('account:email.submit')}
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}

/** Profile (user layout, /profile): name, company, avatar initials, e-mail change; the password is in Settings. */
export function Component() {
  const { t } = useTranslation(['common', 'account', 'errors']);
  const profile = useProfile();
  return (
    <>
      <PageHeader title={t('common:pages.profile.title')} description={t('common:pages.profile.description')} />
      {profile.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : profile.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t(errorMessageKey(profile.error))}
        </p>
      ) : (
        <div className="space-y-6">
          <DetailsCard profile={profile.data} />
          <EmailCard profile={profile.data} />
          <p className="text-sm text-neutral-600">
            {t('account:password.inSettings')}{' '}
            <Link
              to={`${paths.app.settings.getHref()}#change-password`}
              className="font-medium text-primary-700 hover:underline"
            >
              {t('account:password.openSettings')}
            </Link>
          </p>
        </div>
      )}
    </>
  );
}
