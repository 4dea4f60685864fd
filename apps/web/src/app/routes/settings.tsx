import { SettingsPage } from '@/features/account/routes/settings.tsx';
import { LearningSettingsCard } from '@/features/courses/components/learning-settings-card.tsx';
import { IntegrationsSettingsCard } from '@/features/integrations/components/integrations-settings-card.tsx';
import { OnboardingSettingsCard } from '@/features/onboarding/components/onboarding-settings-card.tsx';
import type { RouteHandle } from '@/lib/route-handle.ts';

export const handle = { title: 'common:pages.settings.title' } satisfies RouteHandle;

/** Settings (/settings): the account's own, and the sections other features add. Lives in app/ because it brings features together. */
export function Component() {
  return (
    <SettingsPage>
      <OnboardingSettingsCard />
      <LearningSettingsCard />
      <IntegrationsSettingsCard />
    </SettingsPage>
  );
}
