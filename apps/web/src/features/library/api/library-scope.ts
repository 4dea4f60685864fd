import { documentsQueryKey } from './get-folder-contents.ts';
import { knowledgeQueryKey } from '@/components/knowledge-base/query-keys.ts';

/** Which library: the user's own documents, or the shared knowledge base (admins). */
export type LibraryScope = 'personal' | 'knowledge-base';

/** Where each scope's folder and file routes live on the server (one route factory, mounted twice). */
export const libraryBase: Record<LibraryScope, string> = {
  personal: '/documents',
  'knowledge-base': '/admin/knowledge',
};

/** The queries to refresh after a change in a scope. */
export const libraryQueryKey: Record<LibraryScope, readonly string[]> = {
  personal: documentsQueryKey,
  'knowledge-base': knowledgeQueryKey,
};

export const folderPath = (scope: LibraryScope, id: string) =>
  `${libraryBase[scope]}/folders/${encodeURIComponent(id)}`;
export const filePath = (scope: LibraryScope, id: string) => `${libraryBase[scope]}/files/${encodeURIComponent(id)}`;
