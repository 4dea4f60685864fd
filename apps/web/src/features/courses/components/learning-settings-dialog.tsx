import { Settings2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogClose } from '@/components/ui/dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Select } from '@/components/ui/select.tsx';
import { useLearnerSettings, useUpdateLearnerSettings } from '../api/practice.ts';

const retentions = [0.8, 0.85, 0.9, 0.95];

/** Desired retention: how likely the learner wants to be to remember a card when it comes back. */
export function LearningSettingsDialog() {
  const { t } = useTranslation(['courses', 'ui']);
  const settings = useLearnerSettings();
  const update = useUpdateLearnerSettings();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState<string | null>(null);
  const current = value ?? String(settings.data?.desiredRetention ?? 0.9);
  const options = [...new Set([...retentions, Number(current)])].sort().map((retention) => ({
    value: String(retention),
    label: t('courses:settings.retentionOption', { percent: Math.round(retention * 100) }),
  }));
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setValue(null);
      }}
      trigger={
        <Button variant="outline" color="neutral" icon={Settings2}>
          {t('courses:settings.open')}
        </Button>
      }
      title={t('courses:settings.title')}
      description={t('courses:settings.description')}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="outline" color="neutral">
              {t('ui:cancel')}
            </Button>
          </DialogClose>
          <Button
            loading={update.isPending}
            onClick={() => update.mutate({ desiredRetention: Number(current) }, { onSuccess: () => setOpen(false) })}
          >
            {t('courses:settings.save')}
          </Button>
        </>
      }
    >
      <FormField label={t('courses:settings.retention')} hint={t('courses:settings.retentionHint')}>
        <Select value={current} onChange={(event) => setValue(event.target.value)} options={options} />
      </FormField>
    </Dialog>
  );
}
