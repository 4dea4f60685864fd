import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { useDeleteFile, useRenameFile } from '../api/file-mutations.ts';
import { useDeleteFolder, useRenameFolder } from '../api/folder-mutations.ts';
import type { LibraryScope } from '../api/library-scope.ts';
import type { BrowserItem } from './folder-contents.tsx';
import { NameDialog } from './name-dialog.tsx';

/**
 * Renaming and deleting a folder or a file, the same in every library: the dialogs, their state and
 * the scope's mutations. A view calls `rename(entry)` / `remove(entry)` and renders `dialogs`.
 */
export function useItemDialogs(scope: LibraryScope): {
  rename: (entry: BrowserItem) => void;
  remove: (entry: BrowserItem) => void;
  dialogs: ReactNode;
} {
  const { t } = useTranslation('documents');
  const [renaming, setRenaming] = useState<BrowserItem | null>(null);
  const [deleting, setDeleting] = useState<BrowserItem | null>(null);
  const renameFolder = useRenameFolder(scope);
  const renameFile = useRenameFile(scope);
  const deleteFolder = useDeleteFolder(scope);
  const deleteFile = useDeleteFile(scope);
  const isFolder = (entry: BrowserItem | null) => entry?.kind === 'folder';

  const dialogs = (
    <>
      <NameDialog
        kind={isFolder(renaming) ? 'folder' : 'file'}
        open={renaming !== null}
        onOpenChange={(open) => !open && setRenaming(null)}
        title={t(isFolder(renaming) ? 'documents:folderDialog.renameTitle' : 'documents:fileDialog.renameTitle')}
        submitLabel={t(isFolder(renaming) ? 'documents:folderDialog.rename' : 'documents:fileDialog.rename')}
        initialName={renaming?.item.name ?? ''}
        onSubmit={(name) =>
          renaming?.kind === 'folder'
            ? renameFolder.mutateAsync({ id: renaming.item.id, name })
            : renameFile.mutateAsync({ id: renaming!.item.id, name })
        }
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t(isFolder(deleting) ? 'documents:delete.folderTitle' : 'documents:delete.fileTitle', {
          name: deleting?.item.name ?? '',
        })}
        description={t(isFolder(deleting) ? 'documents:delete.folderDescription' : 'documents:delete.fileDescription')}
        confirmLabel={t('documents:actions.delete')}
        pending={deleteFolder.isPending || deleteFile.isPending}
        onConfirm={() => {
          if (!deleting) return;
          const done = { onSettled: () => setDeleting(null) };
          if (deleting.kind === 'folder') deleteFolder.mutate(deleting.item.id, done);
          else deleteFile.mutate(deleting.item.id, done);
        }}
      />
    </>
  );
  return { rename: setRenaming, remove: setDeleting, dialogs };
}
