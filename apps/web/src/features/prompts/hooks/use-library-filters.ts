import { promptSorts, type ListPromptsQuery, type PromptSort } from '@compliance/shared/prompts';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Which prompts the list shows: all, the favourites, those in no category, one category's, or the
 * prompts bought in the marketplace (read-only licensed copies).
 */
export type LibraryView = 'all' | 'favourites' | 'none' | 'purchased' | { categoryId: string };

const SEARCH_DELAY_MS = 250;

function isSort(value: string | null): value is PromptSort {
  return value !== null && (promptSorts as readonly string[]).includes(value);
}

export function viewKey(view: LibraryView): string {
  return typeof view === 'string' ? view : view.categoryId;
}

/** The list's filters live in the URL (?category=&q=&sort=), so a filtered view can be shared and restored. */
export function useLibraryFilters() {
  const [params, setParams] = useSearchParams();
  const category = params.get('category');
  const view: LibraryView =
    category === null || category === 'all'
      ? 'all'
      : category === 'favourites' || category === 'none' || category === 'purchased'
        ? category
        : { categoryId: category };
  const sortParam = params.get('sort');
  const sort: PromptSort = isSort(sortParam) ? sortParam : 'updated';
  const search = params.get('q') ?? '';

  const update = useCallback(
    (changes: Partial<Record<'category' | 'q' | 'sort', string | null>>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams],
  );

  // The search box answers at once; the list (and the URL) follow once typing pauses.
  const [searchInput, setSearchInput] = useState(search);
  useEffect(() => {
    const wanted = searchInput.trim();
    if (wanted === search) return;
    const timer = setTimeout(() => update({ q: wanted || null }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchInput, search, update]);

  const query: ListPromptsQuery = {
    ...(search ? { q: search } : {}),
    ...(view === 'favourites' ? { favourites: 'true' as const } : {}),
    ...(view === 'none' ? { categoryId: 'none' as const } : {}),
    ...(typeof view === 'object' ? { categoryId: view.categoryId } : {}),
    sort,
  };

  return {
    view,
    sort,
    search,
    searchInput,
    query,
    setSearchInput,
    setView: (next: LibraryView) => update({ category: next === 'all' ? null : viewKey(next) }),
    setSort: (next: PromptSort) => update({ sort: next === 'updated' ? null : next }),
    clearSearch: () => {
      setSearchInput('');
      update({ q: null });
    },
  };
}
