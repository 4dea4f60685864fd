import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header.tsx';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { ConnectionsSection } from '../components/connections-section.tsx';
import { JournalSection } from '../components/journal-section.tsx';
import { useOAuthResult } from '../components/oauth-result.tsx';

export const handle = { title: 'integrations:admin.title' } satisfies RouteHandle;

/**
 * Organisation integrations (admin layout, /admin/integrations): the channels everyone can share
 * answers to, the storage folders and wikis synced into a knowledge-base branch, and the
 * organisation's journal of every message sent out.
 */
export function Component() {
  const { t } = useTranslation('integrations');
  useOAuthResult();
  return (
    <>
      <PageHeader title={t('integrations:admin.title')} description={t('integrations:admin.description')} />
      <div className="flex flex-col gap-8">
        <ConnectionsSection scope="organisation" />
        <JournalSection scope="organisation" />
      </div>
    </>
  );
}
