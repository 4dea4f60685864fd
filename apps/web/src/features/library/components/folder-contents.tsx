import type { DocumentFile, Folder } from '@compliance/shared/documents';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import {
  Download,
  Eye,
  File as FileIcon,
  FileText,
  Folder as FolderIcon,
  FolderInput,
  GripVertical,
  MoreHorizontal,
  Pencil,
  RotateCcw,
  Trash2,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu.tsx';
import { cn } from '@/lib/cn.ts';
import { useFormatters } from '@/lib/format.ts';
import { StatusBadge } from './status-badge.tsx';

export type ViewMode = 'list' | 'grid';
export type SortKey = 'name' | 'updated' | 'size';

export type BrowserItem = { kind: 'folder'; item: Folder } | { kind: 'file'; item: DocumentFile };

/** What can be done with an item; an action left out is not offered. */
export interface ItemActions {
  onOpenFile: (file: DocumentFile) => void;
  onDownload?: (file: DocumentFile) => void;
  onMove?: (entry: BrowserItem) => void;
  onRename: (entry: BrowserItem) => void;
  onDelete: (entry: BrowserItem) => void;
  onReindex?: (file: DocumentFile) => void;
  /** Which files offer "Run ingestion again" (default: the failed ones). */
  canReindex?: (file: DocumentFile) => boolean;
}

/** How a scope shows its items: where a folder leads, and whether items can be dragged. */
export interface FolderContentsOptions {
  folderHref: (folder: Folder) => string;
  /** Drag and drop onto folders (needs a DndContext around the page). */
  draggable: boolean;
  /** Show a file's extracted title above its file name (the knowledge base's documents have titles). */
  showTitles?: boolean;
}

export function dragId(entry: BrowserItem): string {
  return `${entry.kind}:${entry.item.id}`;
}

/** Folders first, then files, each sorted by the chosen key. */
export function sortItems(folders: Folder[], files: DocumentFile[], sort: SortKey): BrowserItem[] {
  const byName = (a: { name: string }, b: { name: string }) =>
    a.name.localeCompare(b.name, undefined, { numeric: true });
  const byUpdated = (a: { updatedAt: string }, b: { updatedAt: string }) => b.updatedAt.localeCompare(a.updatedAt);
  const sortedFolders = [...folders].sort(sort === 'updated' ? byUpdated : byName);
  const sortedFiles = [...files].sort(
    sort === 'updated' ? byUpdated : sort === 'size' ? (a, b) => b.sizeBytes - a.sizeBytes : byName,
  );
  return [
    ...sortedFolders.map((item) => ({ kind: 'folder' as const, item })),
    ...sortedFiles.map((item) => ({ kind: 'file' as const, item })),
  ];
}

/** A folder (or breadcrumb) that accepts dropped items. */
export function DropTarget({
  id,
  label,
  className,
  activeClassName,
  children,
}: {
  id: string;
  /** The folder's name, for screen-reader announcements while an item is dragged over it. */
  label: string;
  className?: string;
  activeClassName?: string;
  children: ReactNode;
}) {
  const { setNodeRef, isOver } = useDroppable({ id, data: { label } });
  return (
    <div
      ref={setNodeRef}
      className={cn(className, isOver && (activeClassName ?? 'bg-primary-50 ring-2 ring-primary-400'))}
    >
      {children}
    </div>
  );
}

function DragHandle({ entry }: { entry: BrowserItem }) {
  const { t } = useTranslation('documents');
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: dragId(entry), data: entry });
  return (
    <button
      ref={setNodeRef}
      type="button"
      {...attributes}
      {...listeners}
      aria-label={t('documents:dnd.handle', { name: entry.item.name })}
      className={cn(
        'flex size-8 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-neutral-400 hover:bg-neutral-100 hover:text-neutral-700',
        'focus-visible:outline-2 focus-visible:outline-primary-600',
        isDragging && 'cursor-grabbing opacity-50',
      )}
    >
      <GripVertical aria-hidden="true" className="size-4" />
    </button>
  );
}

function ItemMenu({ entry, actions }: { entry: BrowserItem; actions: ItemActions }) {
  const canReindex = actions.canReindex ?? ((file: DocumentFile) => file.status === 'failed');
  const { t } = useTranslation('documents');
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          size="xs"
          variant="ghost"
          color="neutral"
          icon={MoreHorizontal}
          aria-label={t('documents:actions.menu', { name: entry.item.name })}
        />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {entry.kind === 'file' && (
          <>
            <DropdownMenuItem icon={Eye} onSelect={() => actions.onOpenFile(entry.item)}>
              {t('documents:actions.view')}
            </DropdownMenuItem>
            {actions.onDownload && (
              <DropdownMenuItem icon={Download} onSelect={() => actions.onDownload?.(entry.item)}>
                {t('documents:actions.download')}
              </DropdownMenuItem>
            )}
            {actions.onReindex && canReindex(entry.item) && (
              <DropdownMenuItem icon={RotateCcw} onSelect={() => actions.onReindex?.(entry.item)}>
                {t(entry.item.status === 'failed' ? 'documents:actions.retry' : 'documents:actions.reindex')}
              </DropdownMenuItem>
            )}
          </>
        )}
        <DropdownMenuItem icon={Pencil} onSelect={() => actions.onRename(entry)}>
          {t('documents:actions.rename')}
        </DropdownMenuItem>
        {actions.onMove && (
          <DropdownMenuItem icon={FolderInput} onSelect={() => actions.onMove?.(entry)}>
            {t('documents:actions.moveTo')}
          </DropdownMenuItem>
        )}
        <DropdownMenuItem icon={Trash2} color="danger" onSelect={() => actions.onDelete(entry)}>
          {t('documents:actions.delete')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function ItemName({
  entry,
  actions,
  options,
}: {
  entry: BrowserItem;
  actions: ItemActions;
  options: FolderContentsOptions;
}) {
  const title = entry.kind === 'file' && options.showTitles ? entry.item.title : null;
  const Icon = entry.kind === 'folder' ? FolderIcon : entry.item.status === 'ready' ? FileText : FileIcon;
  const content = (
    <>
      <Icon
        aria-hidden="true"
        className={cn('size-5 shrink-0', entry.kind === 'folder' ? 'text-accent-600' : 'text-primary-600')}
      />
      <span className="min-w-0 overflow-hidden">
        <span className="block truncate">{title ?? entry.item.name}</span>
        {title && title !== entry.item.name && (
          <span className="block truncate text-xs font-normal text-neutral-500">{entry.item.name}</span>
        )}
      </span>
    </>
  );
  const classes =
    'flex max-w-full min-w-0 items-center gap-2.5 rounded-sm font-medium text-neutral-900 hover:text-primary-700 hover:underline focus-visible:outline-2 focus-visible:outline-primary-600';
  return entry.kind === 'folder' ? (
    <Link to={options.folderHref(entry.item)} className={classes}>
      {content}
    </Link>
  ) : (
    <button type="button" onClick={() => actions.onOpenFile(entry.item)} className={cn(classes, 'text-left')}>
      {content}
    </button>
  );
}

function Row({
  entry,
  actions,
  options,
}: {
  entry: BrowserItem;
  actions: ItemActions;
  options: FolderContentsOptions;
}) {
  const { t } = useTranslation('documents');
  const { formatDate, formatBytes } = useFormatters();
  const row = (
    <div
      className="flex items-center gap-2 px-2 py-2 sm:gap-3"
      data-testid={`${entry.kind}-row`}
      data-name={entry.item.name}
    >
      {options.draggable && <DragHandle entry={entry} />}
      <div className="min-w-0 flex-1">
        <ItemName entry={entry} actions={actions} options={options} />
        {entry.kind === 'file' && entry.item.status === 'failed' && (
          <p className="mt-0.5 truncate text-xs text-red-700">
            {t(`documents:failure.${entry.item.failureCode ?? 'INGESTION_FAILED'}`)}
          </p>
        )}
        {entry.kind === 'file' && entry.item.status === 'ready' && entry.item.noText && (
          <p className="mt-0.5 truncate text-xs text-neutral-500">{t('documents:viewer.noText')}</p>
        )}
      </div>
      <div className="hidden w-28 text-right text-sm text-neutral-500 sm:block">
        {entry.kind === 'file' ? formatBytes(entry.item.sizeBytes) : ''}
      </div>
      <div className="hidden w-32 text-right text-sm text-neutral-500 md:block">
        {formatDate(entry.item.updatedAt, { dateStyle: 'medium' })}
      </div>
      <div className="flex w-24 justify-end">{entry.kind === 'file' && <StatusBadge status={entry.item.status} />}</div>
      <ItemMenu entry={entry} actions={actions} />
    </div>
  );
  return entry.kind === 'folder' && options.draggable ? (
    <DropTarget id={`folder:${entry.item.id}`} label={entry.item.name} className="rounded-lg">
      {row}
    </DropTarget>
  ) : (
    row
  );
}

function Tile({
  entry,
  actions,
  options,
}: {
  entry: BrowserItem;
  actions: ItemActions;
  options: FolderContentsOptions;
}) {
  const { t } = useTranslation('documents');
  const { formatBytes } = useFormatters();
  const tile = (
    <div
      className="flex h-full flex-col gap-2 rounded-xl border border-neutral-200 bg-white p-3 shadow-xs"
      data-testid={`${entry.kind}-row`}
      data-name={entry.item.name}
    >
      <div className="flex items-center justify-between gap-1">
        {options.draggable && <DragHandle entry={entry} />}
        <ItemMenu entry={entry} actions={actions} />
      </div>
      <ItemName entry={entry} actions={actions} options={options} />
      <div className="mt-auto flex items-center justify-between gap-2 text-xs text-neutral-500">
        {entry.kind === 'file' ? (
          <>
            <span>{formatBytes(entry.item.sizeBytes)}</span>
            <StatusBadge status={entry.item.status} />
          </>
        ) : (
          <span>{t('documents:folder')}</span>
        )}
      </div>
    </div>
  );
  return entry.kind === 'folder' && options.draggable ? (
    <DropTarget id={`folder:${entry.item.id}`} label={entry.item.name} className="rounded-xl">
      {tile}
    </DropTarget>
  ) : (
    tile
  );
}

/**
 * A folder's contents, in either library (the user's documents, the knowledge base): folders first,
 * as a list or a grid, each item with its menu; where the scope allows, items drag onto folders (and
 * breadcrumbs) to move — "Move to…" does the same from the keyboard.
 */
export function FolderContents({
  items,
  view,
  actions,
  options,
}: {
  items: BrowserItem[];
  view: ViewMode;
  actions: ItemActions;
  options: FolderContentsOptions;
}) {
  const { t } = useTranslation('documents');
  if (view === 'grid') {
    return (
      <ul
        className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 md:grid-cols-3 xl:grid-cols-4"
        aria-label={t('documents:listLabel')}
      >
        {items.map((entry) => (
          <li key={dragId(entry)}>
            <Tile entry={entry} actions={actions} options={options} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="rounded-xl border border-neutral-200 bg-white shadow-xs">
      <div className="hidden items-center gap-3 border-b border-neutral-200 px-2 py-2 text-xs font-medium tracking-wide text-neutral-500 uppercase sm:flex">
        {options.draggable && <span className="w-8" />}
        <span className="flex-1">{t('documents:columns.name')}</span>
        <span className="w-28 text-right">{t('documents:columns.size')}</span>
        <span className="hidden w-32 text-right md:block">{t('documents:columns.updated')}</span>
        <span className="w-24 text-right">{t('documents:columns.status')}</span>
        <span className="w-7" />
      </div>
      <ul className="divide-y divide-neutral-100" aria-label={t('documents:listLabel')}>
        {items.map((entry) => (
          <li key={dragId(entry)}>
            <Row entry={entry} actions={actions} options={options} />
          </li>
        ))}
      </ul>
    </div>
  );
}
