import { Building2, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button.tsx';
import { Card, CardHeader } from '@/components/ui/card.tsx';
import { paths } from '@/config/paths.ts';

/**
 * The Settings page's way back to the onboarding steps (app/routes/settings.tsx adds it): each step
 * can be changed later — the user's role and interests, the company's profile and its members.
 */
export function OnboardingSettingsCard() {
  const { t } = useTranslation('onboarding');
  return (
    <Card>
      <CardHeader
        className="border-b-0"
        title={t('onboarding:settingsCard.title')}
        description={t('onboarding:settingsCard.description')}
        actions={
          <div className="flex flex-wrap gap-2">
            <Link
              to={paths.onboarding.user.getHref()}
              className={buttonClasses({ variant: 'outline', color: 'neutral' })}
            >
              <UserRound aria-hidden="true" className="size-4" />
              {t('onboarding:settingsCard.user')}
            </Link>
            <Link
              to={paths.onboarding.company.getHref()}
              className={buttonClasses({ variant: 'outline', color: 'neutral' })}
            >
              <Building2 aria-hidden="true" className="size-4" />
              {t('onboarding:settingsCard.company')}
            </Link>
          </div>
        }
      />
    </Card>
  );
}
