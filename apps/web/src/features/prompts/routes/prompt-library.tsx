import { isLocale } from '@compliance/shared/locales';
import {
  PROMPT_TITLE_MAX_LENGTH,
  promptSorts,
  type PromptCategory,
  type PromptSort,
  type PromptSummary,
} from '@compliance/shared/prompts';
import {
  CircleAlert,
  Copy,
  Download,
  Library,
  Plus,
  Search,
  SearchX,
  ShoppingBag,
  Sparkles,
  Star,
  Upload,
} from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/components/toaster/toast-store.ts';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Select } from '@/components/ui/select.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { useFormatters } from '@/lib/format.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { useAddStarterSet } from '../api/add-starter-set.ts';
import { useDeletePrompt } from '../api/delete-prompt.ts';
import { useDuplicatePrompt } from '../api/duplicate-prompt.ts';
import { useExportPromptLibrary } from '../api/export-prompt-library.ts';
import { useLicensedPrompts } from '@/components/prompts/get-licensed-prompts.ts';
import { usePromptCategories } from '../api/get-prompt-categories.ts';
import { usePrompts } from '../api/get-prompts.ts';
import { useUpdatePrompt } from '../api/update-prompt.ts';
import { CategoryDialog, type CategoryDialogTarget } from '../components/category-dialog.tsx';
import { CategoryNav } from '../components/category-nav.tsx';
import { DeleteCategoryDialog } from '../components/delete-category-dialog.tsx';
import { ImportDialog } from '../components/import-dialog.tsx';
import { LicensedPromptCard } from '../components/licensed-prompt-card.tsx';
import { PromptCard } from '../components/prompt-card.tsx';
import { PromptEditorDialog, type EditorTarget } from '../components/prompt-editor-dialog.tsx';
import { UsePromptDialog } from '@/components/prompts/use-prompt-dialog.tsx';
import { VersionHistoryDialog } from '../components/version-history-dialog.tsx';
import { useLibraryFilters } from '../hooks/use-library-filters.ts';

export const handle = { title: 'common:pages.promptLibrary.title' } satisfies RouteHandle;

function ListSkeleton() {
  return (
    <div aria-hidden="true" className="grid grid-cols-1 gap-3 xl:grid-cols-2">
      {[0, 1, 2, 3].map((index) => (
        <Skeleton key={index} className="h-44" />
      ))}
    </div>
  );
}

/** The personal prompt library (authenticated layout, /prompt-library). */
export function Component() {
  const { t, i18n } = useTranslation(['prompts', 'common', 'errors']);
  const { formatNumber } = useFormatters();
  const filters = useLibraryFilters();
  const categories = usePromptCategories();
  const prompts = usePrompts(filters.query);
  const updatePrompt = useUpdatePrompt();
  const duplicatePrompt = useDuplicatePrompt();
  const deletePrompt = useDeletePrompt();
  const exportLibrary = useExportPromptLibrary();
  const licensed = useLicensedPrompts();
  const starterSet = useAddStarterSet();
  const navigate = useNavigate();

  const [editor, setEditor] = useState<EditorTarget | null>(null);
  const [using, setUsing] = useState<string | null>(null);
  const [usingLicensed, setUsingLicensed] = useState<string | null>(null);
  const [history, setHistory] = useState<{ id: string; title: string } | null>(null);
  const [deleting, setDeleting] = useState<PromptSummary | null>(null);
  const [categoryDialog, setCategoryDialog] = useState<CategoryDialogTarget | null>(null);
  const [deletingCategory, setDeletingCategory] = useState<PromptCategory | null>(null);
  const [importing, setImporting] = useState(false);

  const categoryList = categories.data?.categories ?? [];
  const categoryById = new Map(categoryList.map((category) => [category.id, category]));
  const view = filters.view;
  const activeCategory = typeof view === 'object' ? categoryById.get(view.categoryId) : undefined;
  const viewTitle =
    view === 'all'
      ? t('prompts:categories.all')
      : view === 'favourites'
        ? t('prompts:categories.favourites')
        : view === 'none'
          ? t('prompts:categories.none')
          : view === 'purchased'
            ? t('prompts:categories.purchased')
            : (activeCategory?.name ?? t('prompts:categories.unknown'));

  function duplicate(prompt: PromptSummary) {
    const title = t('prompts:card.copyTitle', { title: prompt.title }).slice(0, PROMPT_TITLE_MAX_LENGTH);
    duplicatePrompt.mutate(
      { id: prompt.id, title },
      { onSuccess: () => toast.add({ title: t('prompts:card.duplicated', { title }), color: 'success', icon: Copy }) },
    );
  }

  const loadFailed = categories.isError || (prompts.isError && !prompts.data);
  const list = prompts.data?.prompts ?? [];
  const purchased = (licensed.data?.prompts ?? []).filter(
    (prompt) =>
      !filters.search ||
      `${prompt.title} ${prompt.listingTitle} ${prompt.author.name}`
        .toLowerCase()
        .includes(filters.search.toLowerCase()),
  );
  const libraryEmpty = categories.data?.counts.all === 0;

  let content;
  if (loadFailed) {
    content = (
      <EmptyState
        role="alert"
        icon={CircleAlert}
        title={t('errors:prompts.promptsFailed')}
        action={
          <Button
            variant="outline"
            loading={categories.isRefetching || prompts.isRefetching}
            onClick={() => {
              void categories.refetch();
              void prompts.refetch();
            }}
          >
            {t('prompts:actions.retry')}
          </Button>
        }
      />
    );
  } else if (categories.isPending || prompts.isPending) {
    content = <ListSkeleton />;
  } else {
    const searching = filters.search !== '';
    content = (
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[16.5rem_minmax(0,1fr)]">
        <aside className="rounded-lg border border-neutral-200 bg-white p-2 shadow-xs lg:sticky lg:top-4 lg:self-start">
          <CategoryNav
            data={categories.data}
            view={view}
            purchasedCount={licensed.data?.prompts.length ?? 0}
            onSelect={filters.setView}
            onPublish={(category) =>
              void navigate(paths.app.promptMarketplace.getHref({ kind: 'category', id: category.id }))
            }
            onCreate={() => setCategoryDialog({ kind: 'create' })}
            onEdit={(category) => setCategoryDialog({ kind: 'edit', category })}
            onDelete={setDeletingCategory}
          />
        </aside>

        <section aria-labelledby="prompt-list-heading" className="flex min-w-0 flex-col gap-4">
          <div>
            <h2 id="prompt-list-heading" className="text-lg font-semibold text-neutral-900">
              {viewTitle}
            </h2>
            {activeCategory?.description && (
              <p className="mt-0.5 text-sm text-neutral-600">{activeCategory.description}</p>
            )}
          </div>
          <div
            role="search"
            className="grid gap-3 rounded-lg border border-neutral-200 bg-white p-3 shadow-xs sm:grid-cols-[minmax(0,1fr)_13rem]"
          >
            <FormField label={t('prompts:list.search')}>
              <Input
                type="search"
                icon={Search}
                value={filters.searchInput}
                placeholder={t('prompts:list.searchPlaceholder')}
                autoComplete="off"
                onChange={(event) => filters.setSearchInput(event.target.value)}
              />
            </FormField>
            <FormField label={t('prompts:list.sort')} className={view === 'purchased' ? 'hidden' : undefined}>
              <Select
                value={filters.sort}
                onChange={(event) => filters.setSort(event.target.value as PromptSort)}
                options={promptSorts.map((sort) => ({ value: sort, label: t(`prompts:sorts.${sort}`) }))}
              />
            </FormField>
          </div>
          <p aria-live="polite" className="text-sm text-neutral-600">
            {view === 'purchased'
              ? t('prompts:list.count', { count: purchased.length, formatted: formatNumber(purchased.length) })
              : searching
                ? t('prompts:list.countSearch', {
                    count: list.length,
                    formatted: formatNumber(list.length),
                    q: filters.search,
                  })
                : t('prompts:list.count', { count: list.length, formatted: formatNumber(list.length) })}
          </p>

          {view === 'purchased' ? (
            // Not "nothing bought" while the list is still on its way, nor when it failed to load.
            licensed.isPending ? (
              <ListSkeleton />
            ) : licensed.isError ? (
              <EmptyState
                role="alert"
                icon={CircleAlert}
                title={t('errors:prompts.promptsFailed')}
                action={
                  <Button variant="outline" loading={licensed.isRefetching} onClick={() => void licensed.refetch()}>
                    {t('prompts:actions.retry')}
                  </Button>
                }
              />
            ) : purchased.length === 0 ? (
              <EmptyState
                icon={ShoppingBag}
                title={t('prompts:purchased.emptyTitle')}
                description={t('prompts:purchased.emptyDescription')}
                action={
                  <Link to={paths.app.promptMarketplace.getHref()} className={buttonClasses({ variant: 'outline' })}>
                    {t('prompts:purchased.browse')}
                  </Link>
                }
              />
            ) : (
              <ul className="grid grid-cols-1 gap-3 xl:grid-cols-2">
                {purchased.map((prompt) => (
                  <li key={prompt.id} className="min-w-0">
                    <LicensedPromptCard prompt={prompt} onUse={(item) => setUsingLicensed(item.id)} />
                  </li>
                ))}
              </ul>
            )
          ) : list.length === 0 ? (
            libraryEmpty ? (
              <EmptyState
                icon={Library}
                title={t('prompts:empty.title')}
                description={t('prompts:empty.description')}
                action={
                  <div className="flex flex-wrap justify-center gap-2">
                    <Button
                      icon={Plus}
                      onClick={() => setEditor({ kind: 'create', categoryId: activeCategory?.id ?? null })}
                    >
                      {t('prompts:actions.newPrompt')}
                    </Button>
                    <Button variant="outline" color="neutral" icon={Upload} onClick={() => setImporting(true)}>
                      {t('prompts:actions.import')}
                    </Button>
                    <Button
                      variant="outline"
                      icon={Sparkles}
                      loading={starterSet.isPending}
                      onClick={() =>
                        starterSet.mutate(isLocale(i18n.language) ? i18n.language : 'en', {
                          onSuccess: (result) =>
                            toast.add({
                              title: t('prompts:starter.added', { count: result.prompts }),
                              color: 'success',
                            }),
                        })
                      }
                    >
                      {t('prompts:starter.add')}
                    </Button>
                  </div>
                }
              />
            ) : searching ? (
              <EmptyState
                icon={SearchX}
                title={t('prompts:list.noMatch')}
                action={
                  <Button variant="outline" color="neutral" onClick={filters.clearSearch}>
                    {t('prompts:list.clearSearch')}
                  </Button>
                }
              />
            ) : view === 'favourites' ? (
              <EmptyState
                icon={Star}
                title={t('prompts:list.noFavourites')}
                description={t('prompts:list.noFavouritesHint')}
              />
            ) : (
              <EmptyState
                icon={Library}
                title={t('prompts:list.emptyView')}
                action={
                  <Button
                    icon={Plus}
                    onClick={() => setEditor({ kind: 'create', categoryId: activeCategory?.id ?? null })}
                  >
                    {t('prompts:actions.newPrompt')}
                  </Button>
                }
              />
            )
          ) : (
            <ul className="grid grid-cols-1 gap-3 xl:grid-cols-2" aria-busy={prompts.isFetching || undefined}>
              {list.map((prompt) => (
                <li key={prompt.id} className="min-w-0">
                  <PromptCard
                    prompt={prompt}
                    category={prompt.categoryId ? categoryById.get(prompt.categoryId) : undefined}
                    onUse={(item) => setUsing(item.id)}
                    onEdit={(item) => setEditor({ kind: 'edit', promptId: item.id })}
                    onDuplicate={duplicate}
                    onHistory={(item) => setHistory({ id: item.id, title: item.title })}
                    onDelete={setDeleting}
                    onPublish={(item) =>
                      void navigate(paths.app.promptMarketplace.getHref({ kind: 'prompt', id: item.id }))
                    }
                    onToggleFavourite={(item) => updatePrompt.mutate({ id: item.id, favourite: !item.favourite })}
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    );
  }

  return (
    <>
      <PageHeader
        title={t('common:pages.promptLibrary.title')}
        description={t('common:pages.promptLibrary.description')}
        actions={
          <>
            <Button variant="outline" color="neutral" icon={Upload} onClick={() => setImporting(true)}>
              {t('prompts:actions.import')}
            </Button>
            <Button
              variant="outline"
              color="neutral"
              icon={Download}
              loading={exportLibrary.isPending}
              disabled={libraryEmpty && categoryList.length === 0}
              onClick={() => exportLibrary.mutate()}
            >
              {t('prompts:actions.export')}
            </Button>
            <Button icon={Plus} onClick={() => setEditor({ kind: 'create', categoryId: activeCategory?.id ?? null })}>
              {t('prompts:actions.newPrompt')}
            </Button>
          </>
        }
      />

      {content}

      <PromptEditorDialog
        target={editor}
        onOpenChange={(open) => !open && setEditor(null)}
        categories={categoryList}
        onSaved={(saved, created) =>
          toast.add({
            title: t(created ? 'prompts:editor.created' : 'prompts:editor.saved', {
              title: saved.title,
              version: saved.version,
            }),
            color: 'success',
          })
        }
      />
      <UsePromptDialog promptId={using} onOpenChange={(open) => !open && setUsing(null)} />
      <UsePromptDialog
        promptId={usingLicensed}
        source="licensed"
        onOpenChange={(open) => !open && setUsingLicensed(null)}
      />
      <VersionHistoryDialog prompt={history} onOpenChange={(open) => !open && setHistory(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('prompts:deletePrompt.title', { title: deleting?.title ?? '' })}
        description={t('prompts:deletePrompt.description')}
        confirmLabel={t('prompts:deletePrompt.confirm')}
        pending={deletePrompt.isPending}
        onConfirm={() => {
          if (!deleting) return;
          const { id, title } = deleting;
          deletePrompt.mutate(id, {
            onSuccess: () => {
              setDeleting(null);
              toast.add({ title: t('prompts:deletePrompt.done', { title }), color: 'success' });
            },
          });
        }}
      />
      <CategoryDialog target={categoryDialog} onOpenChange={(open) => !open && setCategoryDialog(null)} />
      <DeleteCategoryDialog
        category={deletingCategory}
        categories={categoryList}
        onOpenChange={(open) => !open && setDeletingCategory(null)}
        onDeleted={(category) => {
          if (typeof view === 'object' && view.categoryId === category.id) filters.setView('all');
        }}
      />
      <ImportDialog open={importing} onOpenChange={setImporting} />
    </>
  );
}
