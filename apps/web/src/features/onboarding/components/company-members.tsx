import { addCompanyMemberInputSchema, type AddCompanyMemberInput, type CompanyDto } from '@compliance/shared/billing';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '@/components/toaster/toast-store.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { paths } from '@/config/paths.ts';
import { errorMessageKey, isApiError } from '@/lib/api-client.ts';
import { useAddCompanyMember } from '../api/add-company-member.ts';
import { useRemoveCompanyMember } from '../api/remove-company-member.ts';

/** The company admin's member list: one seat each, added by the e-mail of their account. */
export function CompanyMembers({ company }: { company: CompanyDto }) {
  const { t } = useTranslation(['onboarding', 'auth', 'errors']);
  const add = useAddCompanyMember();
  const remove = useRemoveCompanyMember();
  const form = useForm<AddCompanyMemberInput>({
    resolver: zodResolver(addCompanyMemberInputSchema),
    defaultValues: { email: '' },
  });
  const full = company.seats.used >= company.seats.limit;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await add.mutateAsync(values);
      toast.add({ title: t('onboarding:members.added', { email: values.email }), color: 'success' });
      form.reset();
    } catch (error) {
      if (isApiError(error) && error.code !== 'INTERNAL_ERROR')
        form.setError('email', { message: errorMessageKey(error) });
      else toast.add({ title: t(errorMessageKey(error)), color: 'danger' });
    }
  });
  const emailError = form.formState.errors.email?.message;

  return (
    <section aria-labelledby="company-members" className="mt-8 border-t border-neutral-200 pt-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="company-members" className="text-lg font-semibold text-neutral-900">
          {t('onboarding:members.title')}
        </h2>
        <p className="text-sm text-neutral-600">
          {t('onboarding:members.seats', { used: company.seats.used, limit: company.seats.limit })}
        </p>
      </div>
      <ul className="mt-3 divide-y divide-neutral-100">
        {company.members.map((member) => (
          <li key={member.userId} className="flex items-center gap-3 py-2">
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-neutral-900">{member.name || member.email}</p>
              <p className="truncate text-xs text-neutral-500">{member.email}</p>
            </div>
            <Badge color={member.role === 'admin' ? 'primary' : 'neutral'}>
              {t(member.role === 'admin' ? 'onboarding:members.admin' : 'onboarding:members.member')}
            </Badge>
            {member.role !== 'admin' && (
              <Button
                variant="ghost"
                color="danger"
                icon={Trash2}
                aria-label={t('onboarding:members.remove', { name: member.name || member.email })}
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(member.userId, {
                    onSuccess: () => toast.add({ title: t('onboarding:members.removed'), color: 'success' }),
                  })
                }
              />
            )}
          </li>
        ))}
      </ul>
      {full ? (
        <div className="mt-4 flex flex-col gap-3 rounded-xl bg-neutral-50 p-3 text-sm text-neutral-700 sm:flex-row sm:items-center">
          <p className="flex-1">{t('onboarding:members.seatsFull')}</p>
          <Link to={paths.billing.subscription.getHref()} className={buttonClasses({ variant: 'outline' })}>
            {t('onboarding:members.addSeats')}
          </Link>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start"
        >
          <div className="flex-1">
            <FormField label={t('onboarding:members.email')} error={emailError ? t(emailError) : undefined}>
              <Input type="email" autoComplete="off" {...form.register('email')} />
            </FormField>
          </div>
          <Button type="submit" className="sm:mt-6" disabled={form.formState.isSubmitting}>
            {t('onboarding:members.add')}
          </Button>
        </form>
      )}
    </section>
  );
}
