import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { paths } from '@/config/paths.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { useConnections } from '../api/get-connections.ts';
import { ConnectionsSection } from '../components/connections-section.tsx';
import { JournalSection } from '../components/journal-section.tsx';
import { useOAuthResult } from '../components/oauth-result.tsx';

export const handle = { title: 'integrations:title' } satisfies RouteHandle;

/**
 * Integrations (user layout, /settings/integrations): the user's connections to storage and
 * messaging tools, their company's (managed by its admins), and the journals of what was sent.
 */
export function Component() {
  const { t } = useTranslation('integrations');
  useOAuthResult();
  return (
    <>
      <PageHeader
        title={t('integrations:title')}
        description={t('integrations:intro')}
        eyebrow={
          <Link to={paths.app.settings.getHref()} className="text-primary-700 hover:underline">
            {t('integrations:backToSettings')}
          </Link>
        }
      />
      <div className="flex flex-col gap-8">
        <ConnectionsSection scope="personal" />
        <ConnectionsSection scope="company" />
        <JournalSection scope="personal" />
        <CompanyJournal />
      </div>
    </>
  );
}

/** The company's journal of its members' messages: for its admins only. */
function CompanyJournal() {
  const company = useConnections('company').data?.company;
  return company?.canManage ? <JournalSection scope="company" /> : null;
}
