import { changePasswordInputSchema, type ChangePasswordInput } from '@compliance/shared/account';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/toaster/toast-store.ts';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '@/components/ui/card.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { errorMessageKey, isApiError } from '@/lib/api-client.ts';
import { useChangePassword } from '../api/change-password.ts';
import { PasswordChecklist } from '@/components/password-checklist.tsx';

/** Current password, new one and its confirmation; the other sessions are signed out. */
export function ChangePasswordCard() {
  const { t } = useTranslation(['account', 'auth', 'errors']);
  const change = useChangePassword();
  const rulesId = useId();
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordInputSchema),
    defaultValues: { currentPassword: '', password: '', passwordConfirmation: '' },
  });
  const { errors } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' });
  const message = (key: string | undefined) => (key ? t(key) : undefined);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { revoked } = await change.mutateAsync(values);
      form.reset();
      toast.add({
        title: t('account:password.changed'),
        description: t('account:password.revoked', { count: revoked }),
        color: 'success',
      });
    } catch (error) {
      if (isApiError(error) && error.code === 'CURRENT_PASSWORD_INCORRECT') {
        form.setError('currentPassword', { message: 'errors:CURRENT_PASSWORD_INCORRECT' });
        return;
      }
      toast.add({ title: t(errorMessageKey(error)), color: 'danger' });
    }
  });

  return (
    <Card id="change-password" className="scroll-mt-20">
      <CardHeader title={t('account:password.title')} description={t('account:password.description')} />
      <CardBody>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="max-w-md space-y-4">
          <FormField label={t('account:password.current')} required error={message(errors.currentPassword?.message)}>
            <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
          </FormField>
          <FormField label={t('auth:fields.newPassword')} required error={message(errors.password?.message)}>
            <Input
              type="password"
              autoComplete="new-password"
              aria-describedby={rulesId}
              {...form.register('password')}
            />
          </FormField>
          <PasswordChecklist id={rulesId} value={password} />
          <FormField
            label={t('auth:fields.newPasswordConfirmation')}
            required
            error={message(errors.passwordConfirmation?.message)}
          >
            <Input type="password" autoComplete="new-password" {...form.register('passwordConfirmation')} />
          </FormField>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {t('account:password.submit')}
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
