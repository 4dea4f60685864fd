import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { useKbContents } from '../api/branch.ts';
import { KbContentsView } from '../components/kb-contents-view.tsx';
import { KbLoadError } from '../components/load-error.tsx';

export const handle = { title: 'knowledge:resourceTypeTitle' } satisfies RouteHandle;

/** A resource type within a function: its folders and documents (/admin/knowledge-base/:fn/:type). */
export function Component() {
  const { t } = useTranslation('knowledge');
  const { regulatoryFunctionId = '', resourceTypeId = '' } = useParams();
  const contents = useKbContents({ functionId: regulatoryFunctionId, resourceTypeId });
  if (contents.isError) return <KbLoadError title={t('knowledge:resourceTypeTitle')} error={contents.error} />;
  if (!contents.data) return <Skeleton className="h-40" />;
  return <KbContentsView contents={contents.data} />;
}
