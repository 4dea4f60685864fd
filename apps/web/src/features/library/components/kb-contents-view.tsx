import type { KbContents } from '@compliance/shared/knowledge';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronRight, FolderOpen, FolderPlus, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { paths } from '@/config/paths.ts';
import { useRealtimeEvents } from '@/lib/realtime.ts';
import { useUploadKbFiles } from '../api/branch.ts';
import { useReindexFile } from '../api/file-mutations.ts';
import { useCreateFolder } from '../api/folder-mutations.ts';
import { knowledgeQueryKey } from '@/components/knowledge-base/query-keys.ts';
import { FolderContents, sortItems, type ItemActions } from './folder-contents.tsx';
import { useItemDialogs } from './item-dialogs.tsx';
import { useLocalizedName } from '@/components/knowledge-base/localized-name.ts';
import { NameDialog } from './name-dialog.tsx';

/** A knowledge-base branch or folder: its folders and documents, with upload and management. */
export function KbContentsView({ contents }: { contents: KbContents }) {
  const { t } = useTranslation(['knowledge', 'documents', 'errors']);
  const name = useLocalizedName();
  const queryClient = useQueryClient();
  const functionId = contents.function.id;
  const resourceTypeId = contents.resourceType.id;
  const folderId = contents.folder?.id ?? null;
  const navigate = useNavigate();
  const createFolder = useCreateFolder({ scope: 'knowledge-base', functionId, resourceTypeId });
  const reindex = useReindexFile('knowledge-base');
  const itemDialogs = useItemDialogs('knowledge-base');
  const upload = useUploadKbFiles(functionId, resourceTypeId);
  const input = useRef<HTMLInputElement>(null);
  const [creating, setCreating] = useState(false);
  const actions: ItemActions = {
    onOpenFile: (file) => void navigate(paths.admin.knowledgeBaseFile.getHref(file.id)),
    onRename: itemDialogs.rename,
    onDelete: itemDialogs.remove,
    onReindex: (file) => reindex.mutate(file.id),
    // Admins re-index any document (e.g. after a parser update), not only failed ones.
    canReindex: () => true,
  };

  // Statuses of documents being ingested change live.
  useRealtimeEvents(
    ['documents.file.updated', 'documents.file.deleted', 'knowledge.changed', 'documents.changed'],
    () => {
      void queryClient.invalidateQueries({ queryKey: knowledgeQueryKey });
    },
  );

  const branchHref = paths.admin.knowledgeBaseResourceType.getHref(functionId, resourceTypeId);
  const crumbClass = 'font-medium text-primary-700 hover:text-primary-800 hover:underline';
  const breadcrumbs = (
    <nav aria-label={t('knowledge:breadcrumb')}>
      <ol className="flex flex-wrap items-center gap-1">
        <li>
          <Link to={paths.admin.knowledgeBase.getHref()} className={crumbClass}>
            {t('knowledge:title')}
          </Link>
        </li>
        <li className="flex items-center gap-1">
          <ChevronRight aria-hidden="true" className="size-4 text-neutral-400" />
          <Link to={paths.admin.knowledgeBaseFunction.getHref(functionId)} className={crumbClass}>
            {name(contents.function.names)}
          </Link>
        </li>
        <li className="flex items-center gap-1">
          <ChevronRight aria-hidden="true" className="size-4 text-neutral-400" />
          {folderId ? (
            <Link to={branchHref} className={crumbClass}>
              {name(contents.resourceType.names)}
            </Link>
          ) : (
            <span aria-current="page">{name(contents.resourceType.names)}</span>
          )}
        </li>
        {contents.breadcrumbs.map((crumb, index) => (
          <li key={crumb.id} className="flex items-center gap-1">
            <ChevronRight aria-hidden="true" className="size-4 text-neutral-400" />
            {index === contents.breadcrumbs.length - 1 ? (
              <span aria-current="page">{crumb.name}</span>
            ) : (
              <Link to={paths.admin.knowledgeBaseFolder.getHref(crumb.id)} className={crumbClass}>
                {crumb.name}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );

  const empty = contents.folders.length === 0 && contents.files.length === 0;
  return (
    <>
      <PageHeader
        eyebrow={breadcrumbs}
        title={contents.folder?.name ?? name(contents.resourceType.names)}
        description={contents.folder ? undefined : name(contents.function.names)}
        actions={
          <>
            <Button variant="outline" icon={FolderPlus} onClick={() => setCreating(true)}>
              {t('knowledge:newFolder')}
            </Button>
            <Button icon={Upload} loading={upload.isPending} onClick={() => input.current?.click()}>
              {t('knowledge:upload')}
            </Button>
            <input
              ref={input}
              type="file"
              multiple
              hidden
              data-testid="kb-file-input"
              aria-label={t('knowledge:upload')}
              onChange={(event) => {
                const files = [...(event.target.files ?? [])];
                if (files.length > 0) upload.mutate({ files, folderId });
                event.target.value = '';
              }}
            />
          </>
        }
      />
      {empty ? (
        <EmptyState icon={FolderOpen} title={t('knowledge:emptyBranch')} description={t('knowledge:emptyBranchHint')} />
      ) : (
        <FolderContents
          items={sortItems(contents.folders, contents.files, 'name')}
          view="list"
          actions={actions}
          options={{
            folderHref: (folder) => paths.admin.knowledgeBaseFolder.getHref(folder.id),
            draggable: false,
            showTitles: true,
          }}
        />
      )}
      <NameDialog
        kind="folder"
        open={creating}
        onOpenChange={setCreating}
        title={t('knowledge:newFolder')}
        submitLabel={t('documents:folderDialog.create')}
        onSubmit={(folderName) => createFolder.mutateAsync({ name: folderName, parentId: folderId })}
      />
      {itemDialogs.dialogs}
    </>
  );
}
