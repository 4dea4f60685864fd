import { REPORT_REASON_MAX_LENGTH, reportInputSchema } from '@compliance/shared/marketplace';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/toaster/toast-store.ts';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { errorMessageKey } from '@/lib/api-client.ts';
import { useReport } from '../api/reviews.ts';

/** What is reported: the listing itself, or one of its reviews. */
export type ReportTarget = { kind: 'listing' } | { kind: 'review'; reviewId: string };

/** Reports abuse to the moderators, with a reason. */
export function ReportDialog({
  listingId,
  target,
  onOpenChange,
}: {
  listingId: string;
  target: ReportTarget | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation(['marketplace', 'errors']);
  const report = useReport(listingId);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = reportInputSchema.safeParse({
      reason,
      ...(target?.kind === 'review' ? { reviewId: target.reviewId } : {}),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'errors:validation.required');
      return;
    }
    try {
      await report.mutateAsync(parsed.data);
      toast.add({ title: t('marketplace:report.sent'), color: 'success' });
      setReason('');
      onOpenChange(false);
    } catch (failure) {
      setError(errorMessageKey(failure));
    }
  }

  return (
    <Dialog
      open={target !== null}
      onOpenChange={onOpenChange}
      title={t(target?.kind === 'review' ? 'marketplace:report.reviewTitle' : 'marketplace:report.listingTitle')}
      description={t('marketplace:report.description')}
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <FormField label={t('marketplace:report.reason')} required error={error ? t(error) : undefined}>
          <Textarea
            rows={4}
            maxLength={REPORT_REASON_MAX_LENGTH}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setError(null);
            }}
          />
        </FormField>
        <div className="flex justify-end">
          <Button type="submit" color="danger" loading={report.isPending}>
            {t('marketplace:report.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
