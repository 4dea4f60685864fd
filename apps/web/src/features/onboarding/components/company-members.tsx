import {
  companyMemberRoles,
  inviteCompanyMemberInputSchema,
  type CompanyDto,
  type CompanyMember,
  type CompanyMemberRole,
  type InviteCompanyMemberInput,
} from '@compliance/shared/billing';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { RotateCw, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '@/components/toaster/toast-store.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Select } from '@/components/ui/select.tsx';
import { paths } from '@/config/paths.ts';
import { errorMessageKey, isApiError } from '@/lib/api-client.ts';
import { sessionQueryOptions } from '@/lib/session.ts';
import { useInviteCompanyMember } from '../api/invite-company-member.ts';
import { useRemoveCompanyMember } from '../api/remove-company-member.ts';
import { useResendCompanyInvitation } from '../api/resend-company-invitation.ts';
import { useRevokeCompanyInvitation } from '../api/revoke-company-invitation.ts';
import { useUpdateCompanyMember } from '../api/update-company-member.ts';

const nameOf = (member: Pick<CompanyMember, 'name' | 'email'>) => member.name || member.email;

/**
 * The company admin's member list: members with their role, open invitations (resend, revoke) and
 * the invitation form. Members and open invitations take one seat each.
 */
export function CompanyMembers({ company }: { company: CompanyDto }) {
  const { t, i18n } = useTranslation(['onboarding', 'auth', 'errors']);
  const session = useQuery(sessionQueryOptions());
  const invite = useInviteCompanyMember();
  const remove = useRemoveCompanyMember();
  const updateRole = useUpdateCompanyMember();
  const resend = useResendCompanyInvitation();
  const revoke = useRevokeCompanyInvitation();
  const [removing, setRemoving] = useState<CompanyMember | null>(null);
  /** Where the removed member's documents go: '' keeps them theirs, else another member's id. */
  const [transferTo, setTransferTo] = useState('');
  const form = useForm<InviteCompanyMemberInput>({
    resolver: zodResolver(inviteCompanyMemberInputSchema),
    defaultValues: { email: '' },
  });
  const full = company.seats.used >= company.seats.limit;
  const myId = session.data?.user.id;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await invite.mutateAsync(values);
      toast.add({ title: t('onboarding:members.invited', { email: values.email.trim() }), color: 'success' });
      form.reset();
    } catch (error) {
      if (isApiError(error) && error.code !== 'INTERNAL_ERROR')
        form.setError('email', { message: errorMessageKey(error) });
      else toast.add({ title: t(errorMessageKey(error)), color: 'danger' });
    }
  });
  const emailError = form.formState.errors.email?.message;

  const changeRole = (member: CompanyMember, role: CompanyMemberRole) =>
    updateRole.mutate(
      { userId: member.userId, role },
      {
        onSuccess: () =>
          toast.add({
            title: t('onboarding:members.roleChanged', {
              name: nameOf(member),
              role: t(`onboarding:members.roles.${role}`),
            }),
            color: 'success',
          }),
      },
    );

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
      <ul className="mt-3 divide-y divide-neutral-100" aria-label={t('onboarding:members.listLabel')}>
        {company.members.map((member) => (
          <li key={member.userId} className="flex flex-wrap items-center gap-3 py-2">
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-neutral-900">{nameOf(member)}</p>
              <p className="truncate text-xs text-neutral-500">{member.email}</p>
            </div>
            <Select
              aria-label={t('onboarding:members.roleOf', { name: nameOf(member) })}
              className="w-40"
              value={member.role}
              disabled={updateRole.isPending}
              onChange={(event) => changeRole(member, event.target.value as CompanyMemberRole)}
              options={companyMemberRoles.map((role) => ({
                value: role,
                label: t(`onboarding:members.roles.${role}`),
              }))}
            />
            {member.userId !== myId && (
              <Button
                variant="ghost"
                color="danger"
                icon={Trash2}
                aria-label={t('onboarding:members.remove', { name: nameOf(member) })}
                disabled={remove.isPending}
                onClick={() => setRemoving(member)}
              />
            )}
          </li>
        ))}
      </ul>

      {company.invitations.length > 0 && (
        <div className="mt-6">
          <h3 id="company-invitations" className="text-sm font-semibold text-neutral-900">
            {t('onboarding:invitations.title')}
          </h3>
          <ul aria-labelledby="company-invitations" className="mt-2 divide-y divide-neutral-100">
            {company.invitations.map((invitation) => (
              <li key={invitation.id} className="flex flex-wrap items-center gap-3 py-2">
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-neutral-900">{invitation.email}</p>
                  <p className="truncate text-xs text-neutral-500">
                    {t('onboarding:invitations.invitedBy', { name: invitation.invitedBy })}
                    {' · '}
                    {invitation.expired
                      ? t('onboarding:invitations.expired')
                      : t('onboarding:invitations.expires', { date: date.format(new Date(invitation.expiresAt)) })}
                  </p>
                </div>
                <Badge color={invitation.expired ? 'danger' : 'neutral'}>
                  {t(invitation.expired ? 'onboarding:invitations.expiredBadge' : 'onboarding:invitations.pending')}
                </Badge>
                <Button
                  variant="outline"
                  color="neutral"
                  icon={RotateCw}
                  disabled={resend.isPending}
                  aria-label={t('onboarding:invitations.resendTo', { email: invitation.email })}
                  onClick={() =>
                    resend.mutate(invitation.id, {
                      onSuccess: () =>
                        toast.add({
                          title: t('onboarding:invitations.resent', { email: invitation.email }),
                          color: 'success',
                        }),
                    })
                  }
                >
                  {t('onboarding:invitations.resend')}
                </Button>
                <Button
                  variant="ghost"
                  color="danger"
                  icon={X}
                  disabled={revoke.isPending}
                  aria-label={t('onboarding:invitations.revokeFor', { email: invitation.email })}
                  onClick={() =>
                    revoke.mutate(invitation.id, {
                      onSuccess: () =>
                        toast.add({
                          title: t('onboarding:invitations.revoked', { email: invitation.email }),
                          color: 'success',
                        }),
                    })
                  }
                />
              </li>
            ))}
          </ul>
        </div>
      )}

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
            <FormField
              label={t('onboarding:members.email')}
              hint={t('onboarding:members.inviteHint')}
              error={emailError ? t(emailError) : undefined}
            >
              <Input type="email" autoComplete="off" {...form.register('email')} />
            </FormField>
          </div>
          <Button type="submit" className="sm:mt-6" disabled={form.formState.isSubmitting}>
            {t('onboarding:members.invite')}
          </Button>
        </form>
      )}

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) {
            setRemoving(null);
            setTransferTo('');
          }
        }}
        title={t('onboarding:members.removeTitle', { name: removing ? nameOf(removing) : '', company: company.name })}
        description={t('onboarding:members.removeDescription')}
        confirmLabel={t('onboarding:members.removeConfirm')}
        pending={remove.isPending}
        onConfirm={() => {
          if (!removing) return;
          const recipient = company.members.find((member) => member.userId === transferTo);
          remove.mutate(
            { userId: removing.userId, ...(recipient ? { transferTo: recipient.userId } : {}) },
            {
              onSuccess: () => {
                toast.add({
                  title: recipient
                    ? t('onboarding:members.removedTransferred', { name: nameOf(removing), to: nameOf(recipient) })
                    : t('onboarding:members.removed', { name: nameOf(removing) }),
                  color: 'success',
                });
                setRemoving(null);
                setTransferTo('');
              },
              // The failure itself is a toast (the mutation's default); the dialog closes.
              onError: () => setRemoving(null),
            },
          );
        }}
      >
        {removing && (
          <FormField label={t('onboarding:members.documents')} hint={t('onboarding:members.documentsHint')}>
            <Select
              value={transferTo}
              onChange={(event) => setTransferTo(event.target.value)}
              options={[
                { value: '', label: t('onboarding:members.documentsStay', { name: nameOf(removing) }) },
                ...company.members
                  .filter((member) => member.userId !== removing.userId)
                  .map((member) => ({
                    value: member.userId,
                    label: t('onboarding:members.documentsTo', { name: nameOf(member) }),
                  })),
              ]}
            />
          </FormField>
        )}
      </ConfirmDialog>
    </section>
  );
}
