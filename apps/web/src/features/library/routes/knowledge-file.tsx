import { ArrowLeft, Download, FolderInput, RotateCcw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/toaster/toast-store.ts';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardBody } from '@/components/ui/card.tsx';
import { Dialog, DialogClose } from '@/components/ui/dialog.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Select } from '@/components/ui/select.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { errorMessageKey } from '@/lib/api-client.ts';
import { useFormatters } from '@/lib/format.ts';
import { useRealtimeEvents } from '@/lib/realtime.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { useKbFile, useMoveKbFile } from '../api/branch.ts';
import { KbMetadata } from '../components/kb-metadata.tsx';
import { downloadFile } from '../api/download-file.ts';
import { useDeleteFile, useReindexFile } from '../api/file-mutations.ts';
import { useFunctions } from '@/components/knowledge-base/get-functions.ts';
import { useResourceTypes } from '@/components/knowledge-base/get-resource-types.ts';
import { knowledgeQueryKey } from '@/components/knowledge-base/query-keys.ts';
import { KbStatusBadge } from '../components/kb-status.tsx';
import { KbLoadError } from '../components/load-error.tsx';
import { useLocalizedName } from '@/components/knowledge-base/localized-name.ts';

export const handle = { title: 'knowledge:fileTitle' } satisfies RouteHandle;

function MoveFileDialog({
  open,
  onOpenChange,
  fileId,
  functionId,
  resourceTypeId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  fileId: string;
  functionId: string;
  resourceTypeId: string;
}) {
  const { t } = useTranslation('knowledge');
  const name = useLocalizedName();
  const functions = useFunctions();
  const [targetFunction, setTargetFunction] = useState(functionId);
  const [targetType, setTargetType] = useState(resourceTypeId);
  const types = useResourceTypes(targetFunction);
  const move = useMoveKbFile();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('knowledge:moveTitle')}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="outline" color="neutral">
              {t('knowledge:actions.cancel')}
            </Button>
          </DialogClose>
          <Button
            loading={move.isPending}
            onClick={() =>
              move.mutate(
                { id: fileId, functionId: targetFunction, resourceTypeId: targetType, folderId: null },
                { onSuccess: () => onOpenChange(false) },
              )
            }
          >
            {t('knowledge:actions.move')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <FormField label={t('knowledge:function.label')}>
          <Select
            value={targetFunction}
            onChange={(event) => setTargetFunction(event.target.value)}
            options={(functions.data ?? []).map((item) => ({ value: item.id, label: name(item.names) }))}
          />
        </FormField>
        <FormField label={t('knowledge:resourceType.label')}>
          <Select
            value={targetType}
            onChange={(event) => setTargetType(event.target.value)}
            options={(types.data?.resourceTypes ?? []).map((item) => ({ value: item.id, label: name(item.names) }))}
          />
        </FormField>
      </div>
    </Dialog>
  );
}

/** A knowledge-base document (admin layout, /admin/knowledge-base/file/:fileId). */
export function Component() {
  const { t } = useTranslation(['knowledge', 'errors']);
  const { formatBytes } = useFormatters();
  const { fileId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const detail = useKbFile(fileId);
  const reindex = useReindexFile('knowledge-base');
  const remove = useDeleteFile('knowledge-base');
  const [moving, setMoving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  useRealtimeEvents(
    ['documents.file.updated'],
    () => void queryClient.invalidateQueries({ queryKey: knowledgeQueryKey }),
  );

  const data = detail.data;
  const back = (
    <Link
      to={
        data
          ? paths.admin.knowledgeBaseResourceType.getHref(data.functionId, data.resourceTypeId)
          : paths.admin.knowledgeBase.getHref()
      }
      className="inline-flex items-center gap-1.5 rounded-sm font-medium text-primary-700 hover:text-primary-800 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('knowledge:backToBranch')}
    </Link>
  );
  if (detail.isError) return <KbLoadError title={t('knowledge:fileTitle')} error={detail.error} />;
  if (!data) return <Skeleton className="h-40" />;
  const { file } = data;
  return (
    <>
      <PageHeader
        eyebrow={back}
        title={file.title ?? file.name}
        description={typeof data.metadata.summary === 'string' ? data.metadata.summary : file.name}
        actions={
          <>
            <Button
              variant="outline"
              icon={Download}
              onClick={() =>
                void downloadFile(file.id, file.name).catch((error: unknown) =>
                  toast.add({ title: t(errorMessageKey(error)), color: 'danger' }),
                )
              }
            >
              {t('knowledge:actions.download')}
            </Button>
            <Button
              variant="outline"
              icon={RotateCcw}
              loading={reindex.isPending}
              onClick={() =>
                reindex.mutate(file.id, {
                  onSuccess: () => toast.add({ title: t('knowledge:reindexStarted'), color: 'success' }),
                })
              }
            >
              {t('knowledge:actions.reindex')}
            </Button>
            <Button variant="outline" icon={FolderInput} onClick={() => setMoving(true)}>
              {t('knowledge:actions.move')}
            </Button>
            <Button color="danger" icon={Trash2} onClick={() => setConfirming(true)}>
              {t('knowledge:actions.delete')}
            </Button>
          </>
        }
      />
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-[18rem_1fr]">
        <Card>
          <CardBody>
            <dl className="flex flex-col gap-2 text-sm">
              <div>
                <dt className="text-neutral-500">{t('knowledge:fields.status')}</dt>
                <dd>
                  <KbStatusBadge status={file.status} />
                </dd>
              </div>
              <div>
                <dt className="text-neutral-500">{t('knowledge:fields.file')}</dt>
                <dd className="break-all">{file.name}</dd>
              </div>
              <div>
                <dt className="text-neutral-500">{t('knowledge:fields.language')}</dt>
                <dd>{file.language ?? '—'}</dd>
              </div>
              <div>
                <dt className="text-neutral-500">{t('knowledge:fields.size')}</dt>
                <dd>{formatBytes(file.sizeBytes)}</dd>
              </div>
              <div>
                <dt className="text-neutral-500">{t('knowledge:fields.pages')}</dt>
                <dd>
                  {file.pageCount} · {t('knowledge:fields.chunks', { count: file.chunkCount })}
                </dd>
              </div>
              <KbMetadata metadata={data.metadata} />
            </dl>
          </CardBody>
        </Card>
        <div className="flex flex-col gap-3">
          {data.pages.length === 0 ? (
            <EmptyState title={t(file.status === 'failed' ? 'knowledge:failed' : 'knowledge:noPages')} />
          ) : (
            data.pages.map((page) => (
              <section key={page.number} aria-label={t('knowledge:page', { page: page.number })}>
                <h2 className="mb-1 text-xs font-medium tracking-wide text-neutral-500 uppercase">
                  {t('knowledge:page', { page: page.number })}
                </h2>
                <div className="rounded-lg border border-neutral-200 bg-white p-4 font-serif text-[15px] leading-relaxed whitespace-pre-wrap text-neutral-800">
                  {page.text}
                </div>
              </section>
            ))
          )}
        </div>
      </div>
      <MoveFileDialog
        open={moving}
        onOpenChange={setMoving}
        fileId={file.id}
        functionId={data.functionId}
        resourceTypeId={data.resourceTypeId}
      />
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('knowledge:deleteTitle', { name: file.name })}
        description={t('knowledge:deleteFileDescription')}
        size="sm"
        footer={
          <>
            <DialogClose asChild>
              <Button variant="outline" color="neutral">
                {t('knowledge:actions.cancel')}
              </Button>
            </DialogClose>
            <Button
              color="danger"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(file.id, {
                  onSuccess: () =>
                    void navigate(paths.admin.knowledgeBaseResourceType.getHref(data.functionId, data.resourceTypeId)),
                })
              }
            >
              {t('knowledge:actions.delete')}
            </Button>
          </>
        }
      />
    </>
  );
}
