import type { Folder } from '@compliance/shared/documents';
import type { KbContents } from '@compliance/shared/knowledge';
import {
  ChevronRight,
  FileText,
  Folder as FolderIcon,
  FolderOpen,
  FolderPlus,
  MoreHorizontal,
  Pencil,
  RotateCcw,
  Trash2,
  Upload,
} from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogClose } from '@/components/ui/dialog.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { paths } from '@/config/paths.ts';
import { errorMessageKey } from '@/lib/api-client.ts';
import { useRealtimeEvents } from '@/lib/realtime.ts';
import { useQueryClient } from '@tanstack/react-query';
import {
  useCreateKbFolder,
  useDeleteKbItem,
  useReindexKbFile,
  useRenameKbFolder,
  useUploadKbFiles,
} from '../api/branch.ts';
import { knowledgeQueryKey } from '../api/taxonomy.ts';
import { KbStatusBadge } from './kb-status.tsx';
import { useLocalizedName } from './localized-name.ts';

function FolderNameForm({
  open,
  onOpenChange,
  title,
  initialName,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  initialName: string;
  onSubmit: (name: string) => Promise<unknown>;
}) {
  const { t } = useTranslation(['knowledge', 'errors']);
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setName(initialName);
          setError(null);
        }
        onOpenChange(next);
      }}
      title={title}
      size="sm"
      footer={
        <>
          <DialogClose asChild>
            <Button variant="outline" color="neutral">
              {t('knowledge:actions.cancel')}
            </Button>
          </DialogClose>
          <Button type="submit" form="kb-folder-form" loading={pending}>
            {t('knowledge:actions.save')}
          </Button>
        </>
      }
    >
      <form
        id="kb-folder-form"
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          setPending(true);
          try {
            await onSubmit(name);
            onOpenChange(false);
          } catch (failure) {
            setError(t(errorMessageKey(failure)));
          } finally {
            setPending(false);
          }
        }}
      >
        <FormField label={t('knowledge:folderName')} error={error ?? undefined} required>
          <Input value={name} onChange={(event) => setName(event.target.value)} autoComplete="off" />
        </FormField>
      </form>
    </Dialog>
  );
}

/** A knowledge-base branch or folder: its folders and documents, with upload and management. */
export function KbContentsView({ contents }: { contents: KbContents }) {
  const { t } = useTranslation(['knowledge', 'errors']);
  const name = useLocalizedName();
  const queryClient = useQueryClient();
  const functionId = contents.function.id;
  const resourceTypeId = contents.resourceType.id;
  const folderId = contents.folder?.id ?? null;
  const createFolder = useCreateKbFolder(functionId, resourceTypeId);
  const renameFolder = useRenameKbFolder();
  const remove = useDeleteKbItem();
  const reindex = useReindexKbFile();
  const upload = useUploadKbFiles(functionId, resourceTypeId);
  const input = useRef<HTMLInputElement>(null);
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<Folder | null>(null);
  const [deleting, setDeleting] = useState<{ kind: 'file' | 'folder'; id: string; name: string } | null>(null);

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
        <ul className="divide-y divide-neutral-100 rounded-xl border border-neutral-200 bg-white shadow-xs">
          {contents.folders.map((folder) => (
            <li key={folder.id} className="flex items-center gap-3 px-3 py-2.5" data-testid="kb-folder-row">
              <FolderIcon aria-hidden="true" className="size-5 text-accent-600" />
              <Link
                to={paths.admin.knowledgeBaseFolder.getHref(folder.id)}
                className="min-w-0 flex-1 truncate font-medium text-neutral-900 hover:text-primary-700 hover:underline"
              >
                {folder.name}
              </Link>
              <DropdownMenu>
                <DropdownMenuTrigger asChild>
                  <Button
                    size="xs"
                    variant="ghost"
                    color="neutral"
                    icon={MoreHorizontal}
                    aria-label={t('knowledge:actions.menu', { name: folder.name })}
                  />
                </DropdownMenuTrigger>
                <DropdownMenuContent>
                  <DropdownMenuItem icon={Pencil} onSelect={() => setRenaming(folder)}>
                    {t('knowledge:actions.rename')}
                  </DropdownMenuItem>
                  <DropdownMenuItem
                    icon={Trash2}
                    color="danger"
                    onSelect={() => setDeleting({ kind: 'folder', id: folder.id, name: folder.name })}
                  >
                    {t('knowledge:actions.delete')}
                  </DropdownMenuItem>
                </DropdownMenuContent>
              </DropdownMenu>
            </li>
          ))}
          {contents.files.map((file) => (
            <li key={file.id} className="flex items-center gap-3 px-3 py-2.5" data-testid="kb-file-row">
              <FileText aria-hidden="true" className="size-5 text-primary-600" />
              <div className="min-w-0 flex-1">
                <Link
                  to={paths.admin.knowledgeBaseFile.getHref(file.id)}
                  className="block truncate font-medium text-neutral-900 hover:text-primary-700 hover:underline"
                >
                  {file.title ?? file.name}
                </Link>
                <p className="truncate text-xs text-neutral-500">{file.name}</p>
              </div>
              <KbStatusBadge status={file.status} />
              <DropdownMenu>
                <DropdownMenuTrigger asChild>
                  <Button
                    size="xs"
                    variant="ghost"
                    color="neutral"
                    icon={MoreHorizontal}
                    aria-label={t('knowledge:actions.menu', { name: file.name })}
                  />
                </DropdownMenuTrigger>
                <DropdownMenuContent>
                  <DropdownMenuItem icon={RotateCcw} onSelect={() => reindex.mutate(file.id)}>
                    {t('knowledge:actions.reindex')}
                  </DropdownMenuItem>
                  <DropdownMenuItem
                    icon={Trash2}
                    color="danger"
                    onSelect={() => setDeleting({ kind: 'file', id: file.id, name: file.name })}
                  >
                    {t('knowledge:actions.delete')}
                  </DropdownMenuItem>
                </DropdownMenuContent>
              </DropdownMenu>
            </li>
          ))}
        </ul>
      )}
      <FolderNameForm
        open={creating}
        onOpenChange={setCreating}
        title={t('knowledge:newFolder')}
        initialName=""
        onSubmit={(folderName) => createFolder.mutateAsync({ name: folderName, parentId: folderId })}
      />
      <FolderNameForm
        open={renaming !== null}
        onOpenChange={(open) => !open && setRenaming(null)}
        title={t('knowledge:renameFolder')}
        initialName={renaming?.name ?? ''}
        onSubmit={(folderName) => renameFolder.mutateAsync({ id: renaming!.id, name: folderName })}
      />
      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('knowledge:deleteTitle', { name: deleting?.name ?? '' })}
        description={t(
          deleting?.kind === 'folder' ? 'knowledge:deleteFolderDescription' : 'knowledge:deleteFileDescription',
        )}
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
              onClick={() => deleting && remove.mutate(deleting, { onSettled: () => setDeleting(null) })}
            >
              {t('knowledge:actions.delete')}
            </Button>
          </>
        }
      />
    </>
  );
}
