import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { errorMessageKey } from '@/lib/api-client.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { useAdminAssistants } from '../api/get-admin-assistants.ts';
import { useAssistants } from '../api/get-assistants.ts';
import { AssistantEditor } from '../components/assistant-editor.tsx';

export const handle = { title: 'chat:admin.title' } satisfies RouteHandle;

/** Admin: the assistants' names, descriptions, instructions and default toggles (admin layout, /admin/assistants). */
export function Component() {
  const { t } = useTranslation(['chat', 'errors']);
  const { data, isPending, isError, error, refetch } = useAdminAssistants();
  // Which engine answers: the built-in one ignores the instructions, and the form says so.
  const offline = useAssistants().data?.capabilities.provider === 'offline';

  return (
    <>
      <PageHeader title={t('chat:admin.title')} description={t('chat:admin.description')} />
      {isPending ? (
        <div className="space-y-5">
          <Skeleton className="h-96" />
          <Skeleton className="h-96" />
        </div>
      ) : isError ? (
        <EmptyState
          role="alert"
          icon={CircleAlert}
          title={t('chat:admin.loadFailed')}
          description={t(errorMessageKey(error))}
          action={
            <Button variant="outline" onClick={() => void refetch()}>
              {t('chat:admin.retry')}
            </Button>
          }
        />
      ) : (
        <div className="space-y-5">
          {data.map((assistant) => (
            <AssistantEditor key={assistant.id} assistant={assistant} offline={offline} />
          ))}
        </div>
      )}
    </>
  );
}
