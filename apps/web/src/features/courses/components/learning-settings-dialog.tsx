import { Settings2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { RetentionForm } from './retention-form.tsx';

/** The learning settings from the course catalogue, in a dialog (the same form is on /settings). */
export function LearningSettingsDialog() {
  const { t } = useTranslation('courses');
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline" color="neutral" icon={Settings2}>
          {t('courses:settings.open')}
        </Button>
      }
      title={t('courses:settings.title')}
      description={t('courses:settings.description')}
    >
      <RetentionForm onSaved={() => setOpen(false)} />
    </Dialog>
  );
}
