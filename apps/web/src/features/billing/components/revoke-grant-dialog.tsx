import { revokeGrantInputSchema, type AdminSubscription } from '@compliance/shared/billing';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/toaster/toast-store.ts';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogClose } from '@/components/ui/dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { errorMessageKey, isApiError } from '@/lib/api-client.ts';
import { useFormatters } from '@/lib/format.ts';
import { useRevokeGrant } from '../api/admin-billing.ts';

/**
 * Ends a running grant before its end date, after a confirmation with a reason (kept with the grant
 * and in the audit log). The holder falls back to their paid plan or Free; nothing is deleted.
 */
export function RevokeGrantButton({ row, planName }: { row: AdminSubscription; planName: string }) {
  // 'auth' holds the shared "required" and "too long" messages.
  const { t } = useTranslation(['billing', 'errors', 'auth']);
  const { formatDate } = useFormatters();
  const revoke = useRevokeGrant();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (row.kind !== 'grant' || row.status !== 'granted') return null;

  const close = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setReason('');
      setError(null);
    }
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = revokeGrantInputSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(t(parsed.error.issues[0]?.message ?? 'auth:validation.required'));
      return;
    }
    setError(null);
    revoke.mutate(
      { id: row.id, reason: parsed.data.reason },
      {
        onSuccess: () => {
          close(false);
          toast.add({ title: t('billing:adminBilling.revoke.done', { holder: row.holderName }), color: 'success' });
        },
        onError: (failure) => {
          const field = isApiError(failure) ? failure.fields?.reason : undefined;
          setError(t(field ?? errorMessageKey(failure)));
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      size="sm"
      trigger={
        <Button size="xs" variant="outline" color="danger">
          {t('billing:adminBilling.revoke.action', { holder: row.holderName })}
        </Button>
      }
      title={t('billing:adminBilling.revoke.title', { holder: row.holderName })}
      description={t('billing:adminBilling.revoke.description', {
        plan: planName,
        date: row.periodEnd ? formatDate(row.periodEnd) : '',
      })}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="outline" color="neutral">
              {t('billing:adminBilling.revoke.cancel')}
            </Button>
          </DialogClose>
          <Button type="submit" form={`revoke-grant-${row.id}`} color="danger" loading={revoke.isPending}>
            {t('billing:adminBilling.revoke.confirm')}
          </Button>
        </>
      }
    >
      <form id={`revoke-grant-${row.id}`} onSubmit={submit} noValidate>
        <FormField label={t('billing:adminBilling.revoke.reason')} error={error ?? undefined} required>
          <Textarea rows={3} value={reason} maxLength={300} onChange={(event) => setReason(event.target.value)} />
        </FormField>
      </form>
    </Dialog>
  );
}
