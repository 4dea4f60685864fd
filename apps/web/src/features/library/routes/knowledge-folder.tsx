import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { useKbContents } from '../api/branch.ts';
import { KbContentsView } from '../components/kb-contents-view.tsx';
import { KbLoadError } from '../components/load-error.tsx';

export const handle = { title: 'knowledge:folderTitle' } satisfies RouteHandle;

/** A knowledge-base folder (admin layout, /admin/knowledge-base/folder/:folderId). */
export function Component() {
  const { t } = useTranslation('knowledge');
  const { folderId = '' } = useParams();
  const contents = useKbContents({ folderId });
  if (contents.isError) return <KbLoadError title={t('knowledge:folderTitle')} error={contents.error} />;
  if (!contents.data) return <Skeleton className="h-40" />;
  return <KbContentsView contents={contents.data} />;
}
