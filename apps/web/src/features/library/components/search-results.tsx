import { FileText, Folder as FolderIcon, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { useSearchDocuments } from '../api/search-documents.ts';
import { HighlightedSnippet } from './highlighted-snippet.tsx';

/** Results of a search: files and folders by name, and passages by content with highlighted snippets. */
export function SearchResults({ query, onOpen }: { query: string; onOpen: (fileId: string, page?: number) => void }) {
  const { t } = useTranslation('documents');
  const search = useSearchDocuments(query);
  if (search.isPending) return <Spinner />;
  const data = search.data;
  if (!data) return null;
  if (data.files.length === 0 && data.folders.length === 0 && data.passages.length === 0) {
    return <EmptyState icon={SearchX} title={t('documents:search.noResults', { query })} titleAs="p" />;
  }
  return (
    <div className="flex flex-col gap-6" data-testid="search-results">
      {(data.files.length > 0 || data.folders.length > 0) && (
        <section aria-labelledby="search-names">
          <h2 id="search-names" className="mb-2 text-sm font-semibold text-neutral-700">
            {t('documents:search.byName')}
          </h2>
          <ul className="flex flex-col gap-1">
            {data.folders.map((folder) => (
              <li key={folder.id}>
                <Link
                  to={paths.app.documentsFolder.getHref(folder.id)}
                  className="flex items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-neutral-100"
                >
                  <FolderIcon aria-hidden="true" className="size-4 text-accent-600" />
                  {folder.name}
                </Link>
              </li>
            ))}
            {data.files.map((file) => (
              <li key={file.id}>
                <button
                  type="button"
                  onClick={() => onOpen(file.id)}
                  className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-neutral-100"
                >
                  <FileText aria-hidden="true" className="size-4 text-primary-600" />
                  {file.name}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {data.passages.length > 0 && (
        <section aria-labelledby="search-content">
          <h2 id="search-content" className="mb-2 text-sm font-semibold text-neutral-700">
            {t('documents:search.byContent')}
          </h2>
          <ul className="flex flex-col gap-2">
            {data.passages.map((passage) => (
              <li key={passage.chunkId}>
                <button
                  type="button"
                  onClick={() => onOpen(passage.documentId, passage.page)}
                  className="flex w-full flex-col gap-1 rounded-lg border border-neutral-200 bg-white p-3 text-left shadow-xs hover:border-primary-300"
                >
                  <span className="text-sm font-medium text-neutral-900">
                    {passage.title}
                    <span className="ml-2 font-normal text-neutral-500">
                      {t('documents:search.page', { page: passage.page })}
                      {passage.heading ? ` · ${passage.heading}` : ''}
                    </span>
                  </span>
                  <span className="text-sm text-neutral-700" data-testid="snippet">
                    <HighlightedSnippet snippet={passage.snippet} />
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
