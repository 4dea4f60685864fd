import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleAlert } from 'lucide-react';
import { toast } from '@/components/toaster/toast-store.ts';
import { api, errorMessageKey, isApiError } from '@/lib/api-client.ts';
import { i18n } from '@/lib/i18n.ts';
import { documentsQueryKey } from './get-folder-contents.ts';

export interface MoveItemInput {
  kind: 'file' | 'folder';
  id: string;
  /** null: to the root. */
  targetFolderId: string | null;
  /** The move goes to the parent folder (its failure has its own message). */
  toParent?: boolean;
}

export function moveItem({ kind, id, targetFolderId, toParent }: MoveItemInput): Promise<unknown> {
  return api.post(`/documents/${kind === 'file' ? 'files' : 'folders'}/${encodeURIComponent(id)}/move`, {
    targetFolderId,
    toParent: toParent ?? false,
  });
}

/**
 * Moves a file or folder. A failure toasts 'Failed to move the item. Please try again.' (or the
 * parent-folder variant), with the specific reason underneath when there is one.
 */
export function useMoveItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveItem,
    meta: { errorToast: false },
    onError: (error, input) => {
      const title = i18n.t(input.toParent ? 'errors:MOVE_TO_PARENT_FAILED' : 'errors:MOVE_FAILED');
      const code = isApiError(error) ? error.code : undefined;
      const generic = code === 'MOVE_FAILED' || code === 'MOVE_TO_PARENT_FAILED' || code === undefined;
      toast.add({
        title,
        ...(generic ? {} : { description: i18n.t(errorMessageKey(error)) }),
        icon: CircleAlert,
        color: 'danger',
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentsQueryKey }),
  });
}
