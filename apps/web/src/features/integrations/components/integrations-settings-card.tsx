import { Plug } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button.tsx';
import { Card, CardHeader } from '@/components/ui/card.tsx';
import { paths } from '@/config/paths.ts';

/** The Settings page's way to the integrations (app/routes/settings.tsx adds it). */
export function IntegrationsSettingsCard() {
  const { t } = useTranslation('integrations');
  return (
    <Card>
      <CardHeader
        className="border-b-0"
        title={t('integrations:settingsCard.title')}
        description={t('integrations:settingsCard.description')}
        actions={
          <Link
            to={paths.app.integrations.getHref()}
            className={buttonClasses({ variant: 'outline', color: 'neutral' })}
          >
            <Plug aria-hidden="true" className="size-4" />
            {t('integrations:settingsCard.manage')}
          </Link>
        }
      />
    </Card>
  );
}
