import type { FolderTreeItem } from '@compliance/shared/documents';
import { Folder, FolderRoot } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogClose } from '@/components/ui/dialog.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { cn } from '@/lib/cn.ts';
import { useFolderTree } from '../api/get-folder-tree.ts';
import { useMoveItem } from '../api/move-item.ts';

export interface MoveTarget {
  kind: 'file' | 'folder';
  id: string;
  name: string;
  /** Where the item is now (null = root). */
  parentId: string | null;
}

interface Row {
  id: string | null;
  name: string;
  depth: number;
  disabled: boolean;
}

function buildRows(folders: FolderTreeItem[], item: MoveTarget, rootLabel: string): Row[] {
  const children = new Map<string | null, FolderTreeItem[]>();
  for (const folder of folders) {
    const list = children.get(folder.parentId) ?? [];
    list.push(folder);
    children.set(folder.parentId, list);
  }
  const rows: Row[] = [{ id: null, name: rootLabel, depth: 0, disabled: item.parentId === null }];
  const visit = (parentId: string | null, depth: number, blocked: boolean) => {
    const list = (children.get(parentId) ?? []).sort((a, b) => a.name.localeCompare(b.name));
    for (const folder of list) {
      // A folder cannot go into itself or anything below it.
      const inside = blocked || (item.kind === 'folder' && folder.id === item.id);
      rows.push({ id: folder.id, name: folder.name, depth, disabled: inside || folder.id === item.parentId });
      visit(folder.id, depth + 1, inside);
    }
  };
  visit(null, 1, false);
  return rows;
}

/** "Move to…": a keyboard- and touch-friendly alternative to drag and drop. */
export function MoveDialog({ item, onClose }: { item: MoveTarget | null; onClose: () => void }) {
  const { t } = useTranslation('documents');
  const tree = useFolderTree(item !== null);
  const move = useMoveItem();
  const [selected, setSelected] = useState<string | null | undefined>(undefined);
  const rows = useMemo(
    () => (item && tree.data ? buildRows(tree.data.folders, item, t('documents:rootName')) : []),
    [item, tree.data, t],
  );

  const close = () => {
    setSelected(undefined);
    onClose();
  };

  return (
    <Dialog
      open={item !== null}
      onOpenChange={(open) => !open && close()}
      title={t('documents:move.title', { name: item?.name ?? '' })}
      description={t('documents:move.description')}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="outline" color="neutral">
              {t('documents:actions.cancel')}
            </Button>
          </DialogClose>
          <Button
            disabled={selected === undefined}
            loading={move.isPending}
            onClick={() => {
              if (!item || selected === undefined) return;
              move.mutate({ kind: item.kind, id: item.id, targetFolderId: selected }, { onSuccess: close });
            }}
          >
            {t('documents:move.submit')}
          </Button>
        </>
      }
    >
      {tree.isPending ? (
        <Spinner />
      ) : (
        <ul role="listbox" aria-label={t('documents:move.listLabel')} className="flex flex-col gap-0.5">
          {rows.map((row) => (
            <li key={row.id ?? 'root'} role="presentation">
              <button
                type="button"
                role="option"
                aria-selected={selected === row.id}
                disabled={row.disabled}
                onClick={() => setSelected(row.id)}
                style={{ paddingLeft: `${0.5 + row.depth * 1.25}rem` }}
                className={cn(
                  'flex w-full items-center gap-2 rounded-md py-2 pr-2 text-left text-sm',
                  'hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-primary-600 disabled:cursor-not-allowed disabled:opacity-40',
                  selected === row.id && 'bg-primary-50 font-medium text-primary-800 hover:bg-primary-100',
                )}
              >
                {row.id === null ? (
                  <FolderRoot aria-hidden="true" className="size-4 shrink-0" />
                ) : (
                  <Folder aria-hidden="true" className="size-4 shrink-0" />
                )}
                <span className="truncate">{row.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
