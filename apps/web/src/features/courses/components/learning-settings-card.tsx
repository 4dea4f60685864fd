import { useTranslation } from 'react-i18next';
import { Card, CardBody, CardHeader } from '@/components/ui/card.tsx';
import { RetentionForm } from './retention-form.tsx';

/** The learning settings as a card of the Settings page. */
export function LearningSettingsCard() {
  const { t } = useTranslation('courses');
  return (
    <Card>
      <CardHeader title={t('courses:settings.title')} description={t('courses:settings.description')} />
      <CardBody>
        <RetentionForm />
      </CardBody>
    </Card>
  );
}
