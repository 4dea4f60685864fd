import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { paths } from '@/config/paths.ts';
import { errorMessageKey } from '@/lib/api-client.ts';

/** A knowledge-base screen that could not load (unknown id, no access, server down): title, reason, way back. */
export function KbLoadError({ title, error }: { title: string; error: unknown }) {
  const { t } = useTranslation(['knowledge', 'errors']);
  return (
    <>
      <PageHeader
        eyebrow={
          <Link
            to={paths.admin.knowledgeBase.getHref()}
            className="inline-flex items-center gap-1.5 rounded-sm font-medium text-primary-700 hover:text-primary-800 hover:underline"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t('knowledge:backToKnowledgeBase')}
          </Link>
        }
        title={title}
      />
      <EmptyState title={t(errorMessageKey(error))} />
    </>
  );
}
