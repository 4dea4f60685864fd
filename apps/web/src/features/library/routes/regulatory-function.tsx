import { ArrowLeft, Layers } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { useResourceTypes } from '@/components/knowledge-base/get-resource-types.ts';
import { useLocalizedName } from '@/components/knowledge-base/localized-name.ts';
import { KbLoadError } from '../components/load-error.tsx';
import { TaxonomyList } from '../components/taxonomy-list.tsx';

export const handle = { title: 'knowledge:functionTitle' } satisfies RouteHandle;

/** A regulatory function: its resource types (admin layout, /admin/knowledge-base/:regulatoryFunctionId). */
export function Component() {
  const { t } = useTranslation(['knowledge', 'errors']);
  const { regulatoryFunctionId = '' } = useParams();
  const types = useResourceTypes(regulatoryFunctionId);
  const name = useLocalizedName();
  const back = (
    <Link
      to={paths.admin.knowledgeBase.getHref()}
      className="inline-flex items-center gap-1.5 rounded-sm font-medium text-primary-700 hover:text-primary-800 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('knowledge:backToKnowledgeBase')}
    </Link>
  );
  if (types.isError) return <KbLoadError title={t('knowledge:functionTitle')} error={types.error} />;
  const fn = types.data?.function;
  return (
    <>
      <PageHeader
        eyebrow={back}
        title={fn ? name(fn.names) : t('knowledge:functionTitle')}
        description={t('knowledge:resourceTypesHint')}
      />
      {types.data ? (
        <TaxonomyList
          kind="resource-types"
          items={types.data.resourceTypes}
          icon={Layers}
          hrefFor={(item) => paths.admin.knowledgeBaseResourceType.getHref(regulatoryFunctionId, item.id)}
        />
      ) : (
        <Skeleton className="h-14" />
      )}
    </>
  );
}
