import {
  DndContext,
  type Active,
  type Announcements,
  type Over,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import type { DocumentFile } from '@compliance/shared/documents';
import {
  ChevronRight,
  CornerLeftUp,
  FolderOpen,
  FolderPlus,
  FolderX,
  LayoutGrid,
  List,
  Search,
  Upload,
} from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { toast } from '@/components/toaster/toast-store.ts';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { Input } from '@/components/ui/input.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Select } from '@/components/ui/select.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { errorMessageKey, isApiError } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { downloadFile } from '../api/download-file.ts';
import { useReindexFile } from '../api/file-mutations.ts';
import { useCreateFolder } from '../api/folder-mutations.ts';
import { useFolderContents } from '../api/get-folder-contents.ts';
import { useMoveItem } from '../api/move-item.ts';
import {
  DropTarget,
  FolderContents,
  sortItems,
  type BrowserItem,
  type ItemActions,
  type SortKey,
  type ViewMode,
} from '../components/folder-contents.tsx';
import { FileViewer } from '../components/file-viewer.tsx';
import { useItemDialogs } from '../components/item-dialogs.tsx';
import { NameDialog } from '../components/name-dialog.tsx';
import { MoveDialog, type MoveTarget } from '../components/move-dialog.tsx';
import { SearchResults } from '../components/search-results.tsx';
import { StorageUsage } from '../components/storage-usage.tsx';
import { UploadQueuePanel } from '../components/upload-queue-panel.tsx';
import { useDocumentsRealtime } from '../hooks/use-documents-realtime.ts';
import { uploadQueue } from '../hooks/upload-queue.ts';

export const handle = { title: 'documents:title' } satisfies RouteHandle;

const VIEW_KEY = 'documents.view';

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** The document library: the root (/documents) and a folder (/documents/:folderId), user layout. */
export function Component() {
  const { t } = useTranslation(['documents', 'errors']);
  const { folderId = null } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const contents = useFolderContents(folderId);
  useDocumentsRealtime();

  const [view, setView] = useState<ViewMode>(() => (localStorage.getItem(VIEW_KEY) === 'grid' ? 'grid' : 'list'));
  const [sort, setSort] = useState<SortKey>('name');
  const [query, setQuery] = useState('');
  const debouncedQuery = useDebounced(query.trim(), 250);
  const [dropping, setDropping] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const [createOpen, setCreateOpen] = useState(false);
  const [moving, setMoving] = useState<MoveTarget | null>(null);

  const createFolder = useCreateFolder({ scope: 'personal' });
  const reindexFile = useReindexFile('personal');
  const itemDialogs = useItemDialogs('personal');
  const move = useMoveItem();

  const viewerFile = searchParams.get('file');
  const viewerPage = Number(searchParams.get('page') ?? '1') || 1;
  const openViewer = (fileId: string, page?: number) =>
    setSearchParams((params) => {
      params.set('file', fileId);
      if (page && page > 1) params.set('page', String(page));
      else params.delete('page');
      return params;
    });
  const closeViewer = () =>
    setSearchParams((params) => {
      params.delete('file');
      params.delete('page');
      return params;
    });

  const data = contents.data;
  const parentId = data?.folder?.parentId ?? null;
  const items = useMemo(() => (data ? sortItems(data.folders, data.files, sort) : []), [data, sort]);

  useEffect(() => {
    uploadQueue.setOnUploaded(() => void contents.refetch());
    return () => uploadQueue.setOnUploaded(undefined);
  }, [contents]);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor),
  );

  // What a screen reader hears while an item is moved: names, in the interface language (never ids).
  const itemName = (active: Active) => (active.data.current as BrowserItem | undefined)?.item.name ?? '';
  const targetName = (over: Over) => (over.data.current as { label?: string } | undefined)?.label ?? '';
  const dragAnnouncements: Announcements = {
    onDragStart: ({ active }) => t('documents:dnd.picked', { name: itemName(active) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('documents:dnd.over', { name: itemName(active), target: targetName(over) })
        : t('documents:dnd.notOver', { name: itemName(active) }),
    onDragEnd: ({ active, over }) =>
      over
        ? t('documents:dnd.dropped', { name: itemName(active), target: targetName(over) })
        : t('documents:dnd.droppedNowhere', { name: itemName(active) }),
    onDragCancel: ({ active }) => t('documents:dnd.cancelled', { name: itemName(active) }),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const entry = active.data.current as BrowserItem | undefined;
    if (!entry) return;
    const [targetKind, targetId = ''] = String(over.id).split(':');
    const target = targetId === 'root' ? null : targetId;
    if (targetKind === 'folder' && target === entry.item.id) return;
    const currentParent = entry.kind === 'folder' ? entry.item.parentId : entry.item.folderId;
    if (target === currentParent) return;
    move.mutate({
      kind: entry.kind,
      id: entry.item.id,
      targetFolderId: target,
      toParent: targetKind === 'parent' || (folderId !== null && target === parentId),
    });
  };

  const actions: ItemActions = {
    onOpenFile: (file: DocumentFile) => openViewer(file.id),
    onDownload: (file) =>
      void downloadFile(file.id, file.name).catch((error: unknown) =>
        toast.add({ title: t(errorMessageKey(error)), color: 'danger' }),
      ),
    onMove: (entry) =>
      setMoving({
        kind: entry.kind,
        id: entry.item.id,
        name: entry.item.name,
        parentId: entry.kind === 'folder' ? entry.item.parentId : entry.item.folderId,
      }),
    onRename: itemDialogs.rename,
    onDelete: itemDialogs.remove,
    onReindex: (file) => reindexFile.mutate(file.id),
  };

  const onPageDragOver = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    setDropping(true);
  };
  const onPageDrop = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    setDropping(false);
    const files = [...event.dataTransfer.files];
    if (files.length > 0) uploadQueue.add(files, folderId);
  };

  const notFound = contents.isError && isApiError(contents.error) && contents.error.code === 'FOLDER_NOT_FOUND';
  const rootLabel = t('documents:rootName');

  const breadcrumbs = (
    <nav aria-label={t('documents:breadcrumb')}>
      <ol className="flex flex-wrap items-center gap-1">
        <li>
          <DropTarget id="crumb:root" label={rootLabel} className="rounded-md">
            <Link
              to={paths.app.documents.getHref()}
              className="rounded-sm px-1 font-medium text-primary-700 hover:text-primary-800 hover:underline"
              {...(folderId ? {} : { 'aria-current': 'page' as const })}
            >
              {rootLabel}
            </Link>
          </DropTarget>
        </li>
        {data?.breadcrumbs.map((crumb, index) => {
          const last = index === data.breadcrumbs.length - 1;
          return (
            <li key={crumb.id} className="flex items-center gap-1">
              <ChevronRight aria-hidden="true" className="size-4 text-neutral-400" />
              {last ? (
                <span aria-current="page" className="px-1 text-neutral-600">
                  {crumb.name}
                </span>
              ) : (
                <DropTarget id={`folder:${crumb.id}`} label={crumb.name} className="rounded-md">
                  <Link
                    to={paths.app.documentsFolder.getHref(crumb.id)}
                    className="rounded-sm px-1 font-medium text-primary-700 hover:text-primary-800 hover:underline"
                  >
                    {crumb.name}
                  </Link>
                </DropTarget>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );

  return (
    <div
      className="relative flex flex-col gap-5"
      onDragOver={onPageDragOver}
      onDragLeave={(event) => {
        if (event.currentTarget === event.target) setDropping(false);
      }}
      onDrop={onPageDrop}
    >
      <DndContext
        sensors={sensors}
        onDragEnd={onDragEnd}
        accessibility={{
          screenReaderInstructions: { draggable: t('documents:dnd.instructions') },
          announcements: dragAnnouncements,
        }}
      >
        <PageHeader
          eyebrow={breadcrumbs}
          title={data?.folder?.name ?? t('documents:title')}
          description={folderId ? undefined : t('documents:description')}
          actions={
            <>
              <Button variant="outline" icon={FolderPlus} onClick={() => setCreateOpen(true)}>
                {t('documents:actions.newFolder')}
              </Button>
              <Button icon={Upload} onClick={() => fileInput.current?.click()}>
                {t('documents:actions.upload')}
              </Button>
              <input
                ref={fileInput}
                type="file"
                multiple
                hidden
                data-testid="file-input"
                aria-label={t('documents:actions.upload')}
                onChange={(event) => {
                  const files = [...(event.target.files ?? [])];
                  if (files.length > 0) uploadQueue.add(files, folderId);
                  event.target.value = '';
                }}
              />
            </>
          }
        />

        <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
          <div className="flex flex-1 flex-col gap-2 sm:flex-row sm:items-center">
            <div className="sm:w-80">
              <Input
                type="search"
                icon={Search}
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                placeholder={t('documents:search.placeholder')}
                aria-label={t('documents:search.label')}
              />
            </div>
            <div className="flex items-center gap-2">
              <label htmlFor="documents-sort" className="text-sm text-neutral-600">
                {t('documents:sort.label')}
              </label>
              <Select
                id="documents-sort"
                value={sort}
                onChange={(event) => setSort(event.target.value as SortKey)}
                options={[
                  { value: 'name', label: t('documents:sort.name') },
                  { value: 'updated', label: t('documents:sort.updated') },
                  { value: 'size', label: t('documents:sort.size') },
                ]}
              />
              <div
                role="group"
                aria-label={t('documents:view.label')}
                className="flex rounded-lg border border-neutral-200 p-0.5"
              >
                {(['list', 'grid'] as const).map((mode) => (
                  <Button
                    key={mode}
                    size="xs"
                    variant={view === mode ? 'soft' : 'ghost'}
                    color="neutral"
                    icon={mode === 'list' ? List : LayoutGrid}
                    aria-label={t(`documents:view.${mode}`)}
                    aria-pressed={view === mode}
                    onClick={() => {
                      setView(mode);
                      localStorage.setItem(VIEW_KEY, mode);
                    }}
                  />
                ))}
              </div>
            </div>
          </div>
          <StorageUsage />
        </div>

        <UploadQueuePanel />

        {debouncedQuery ? (
          <SearchResults query={debouncedQuery} onOpen={openViewer} />
        ) : contents.isPending ? (
          <div className="flex flex-col gap-2" aria-busy="true">
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        ) : notFound ? (
          <EmptyState
            icon={FolderX}
            title={t('errors:FOLDER_NOT_FOUND')}
            action={
              <Link to={paths.app.documents.getHref()} className={buttonClasses({ variant: 'outline' })}>
                {t('documents:backToRoot')}
              </Link>
            }
          />
        ) : contents.isError ? (
          <EmptyState icon={FolderX} title={t(errorMessageKey(contents.error))} />
        ) : (
          <>
            {folderId && (
              <DropTarget
                id={`parent:${parentId ?? 'root'}`}
                label={data?.breadcrumbs.at(-2)?.name ?? rootLabel}
                className="rounded-lg border border-dashed border-neutral-300"
              >
                <Link
                  to={parentId ? paths.app.documentsFolder.getHref(parentId) : paths.app.documents.getHref()}
                  className="flex items-center gap-2 px-3 py-2 text-sm text-neutral-600 hover:text-primary-700"
                >
                  <CornerLeftUp aria-hidden="true" className="size-4" />
                  {t('documents:parentFolder')}
                </Link>
              </DropTarget>
            )}
            {items.length === 0 ? (
              <EmptyState
                icon={FolderOpen}
                title={t(folderId ? 'documents:empty.folderTitle' : 'documents:empty.rootTitle')}
                description={t('documents:empty.description')}
                action={
                  <Button icon={Upload} onClick={() => fileInput.current?.click()}>
                    {t('documents:actions.upload')}
                  </Button>
                }
              />
            ) : (
              <FolderContents
                items={items}
                view={view}
                actions={actions}
                options={{ folderHref: (folder) => paths.app.documentsFolder.getHref(folder.id), draggable: true }}
              />
            )}
          </>
        )}
      </DndContext>

      {dropping && (
        <div
          aria-hidden="true"
          className={cn(
            'pointer-events-none absolute inset-0 z-40 flex items-center justify-center rounded-2xl border-2 border-dashed border-primary-400 bg-primary-50/80',
          )}
        >
          <p className="text-lg font-semibold text-primary-800">{t('documents:dropHere')}</p>
        </div>
      )}

      <NameDialog
        kind="folder"
        open={createOpen}
        onOpenChange={setCreateOpen}
        title={t('documents:folderDialog.createTitle')}
        submitLabel={t('documents:folderDialog.create')}
        onSubmit={(name) => createFolder.mutateAsync({ name, parentId: folderId })}
      />
      {itemDialogs.dialogs}
      <MoveDialog item={moving} onClose={() => setMoving(null)} />
      <FileViewer
        fileId={viewerFile}
        page={viewerPage}
        onClose={closeViewer}
        onPageChange={(page) => openViewer(viewerFile!, page)}
      />
    </div>
  );
}
