import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/toaster/toast-store.ts';
import { Button } from '@/components/ui/button.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Select } from '@/components/ui/select.tsx';
import { useLearnerSettings, useUpdateLearnerSettings } from '../api/practice.ts';

const retentions = [0.8, 0.85, 0.9, 0.95];

/** Desired retention: how likely the learner wants to be to remember a card when it comes back. */
export function RetentionForm({ onSaved }: { onSaved?: () => void }) {
  const { t } = useTranslation('courses');
  const settings = useLearnerSettings();
  const update = useUpdateLearnerSettings();
  const [value, setValue] = useState<string | null>(null);
  const current = value ?? String(settings.data?.desiredRetention ?? 0.9);
  const options = [...new Set([...retentions, Number(current)])].sort().map((retention) => ({
    value: String(retention),
    label: t('courses:settings.retentionOption', { percent: Math.round(retention * 100) }),
  }));
  return (
    <form
      className="max-w-xl space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate(
          { desiredRetention: Number(current) },
          {
            onSuccess: () => {
              setValue(null);
              toast.add({ title: t('courses:settings.saved'), color: 'success' });
              onSaved?.();
            },
          },
        );
      }}
    >
      <FormField label={t('courses:settings.retention')} hint={t('courses:settings.retentionHint')}>
        <Select value={current} onChange={(event) => setValue(event.target.value)} options={options} />
      </FormField>
      <Button type="submit" loading={update.isPending} disabled={settings.isPending}>
        {t('courses:settings.save')}
      </Button>
    </form>
  );
}
