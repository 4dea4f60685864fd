import { DownloadCloud, Scale } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/toaster/toast-store.ts';
import { Button } from '@/components/ui/button.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { useFunctions } from '@/components/knowledge-base/get-functions.ts';
import { useImportKnowledgeBase } from '../api/taxonomy.ts';
import { TaxonomyList } from '../components/taxonomy-list.tsx';

export const handle = { title: 'knowledge:title' } satisfies RouteHandle;

/** The knowledge base by regulatory function (admin layout, /admin/knowledge-base). */
export function Component() {
  const { t } = useTranslation('knowledge');
  const functions = useFunctions();
  const importContent = useImportKnowledgeBase();
  return (
    <>
      <PageHeader
        title={t('knowledge:title')}
        description={t('knowledge:description')}
        actions={
          <Button
            variant="outline"
            icon={DownloadCloud}
            loading={importContent.isPending}
            onClick={() =>
              importContent.mutate(undefined, {
                onSuccess: (result) => toast.add({ title: t('knowledge:importDone', result), color: 'success' }),
              })
            }
          >
            {t('knowledge:import')}
          </Button>
        }
      />
      {functions.data ? (
        <TaxonomyList
          kind="functions"
          items={functions.data}
          icon={Scale}
          hrefFor={(item) => paths.admin.knowledgeBaseFunction.getHref(item.id)}
        />
      ) : (
        <div className="flex flex-col gap-2">
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
        </div>
      )}
    </>
  );
}
