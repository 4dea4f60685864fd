import type { LocalizedNames, RegulatoryFunction } from '@compliance/shared/knowledge';
import { ArrowDown, ArrowUp, ChevronRight, MoreHorizontal, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState, type ComponentType } from 'react';
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
import { useDeleteTaxonomyItem, useReorderTaxonomy, useSaveTaxonomyItem, type TaxonomyKind } from '../api/taxonomy.ts';
import { useLocalizedName } from '@/components/knowledge-base/localized-name.ts';
import { NamesDialog } from './names-dialog.tsx';

type Item = Pick<RegulatoryFunction, 'id' | 'names' | 'descriptions' | 'documentCount'>;

export interface TaxonomyListProps {
  kind: TaxonomyKind;
  items: Item[];
  hrefFor: (item: Item) => string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
}

/** Functions or resource types: open, create, rename, reorder (move up/down) and delete. */
export function TaxonomyList({ kind, items, hrefFor, icon: Icon }: TaxonomyListProps) {
  const { t } = useTranslation('knowledge');
  const name = useLocalizedName();
  const save = useSaveTaxonomyItem(kind);
  const remove = useDeleteTaxonomyItem(kind);
  const reorder = useReorderTaxonomy(kind);
  const [editing, setEditing] = useState<{ id?: string; names?: LocalizedNames } | null>(null);
  const [deleting, setDeleting] = useState<Item | null>(null);
  const noun = kind === 'functions' ? 'function' : 'resourceType';

  const moveBy = (index: number, delta: number) => {
    const ids = items.map((item) => item.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + delta, 0, moved!);
    reorder.mutate(ids);
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex justify-end">
        <Button icon={Plus} onClick={() => setEditing({})}>
          {t(`knowledge:${noun}.create`)}
        </Button>
      </div>
      {items.length === 0 ? (
        <EmptyState title={t(`knowledge:${noun}.empty`)} />
      ) : (
        <ul className="divide-y divide-neutral-100 rounded-xl border border-neutral-200 bg-white shadow-xs">
          {items.map((item, index) => (
            <li key={item.id} className="flex items-center gap-3 px-3 py-3" data-testid="taxonomy-item">
              <Icon aria-hidden="true" className="size-5 shrink-0 text-primary-600" />
              <div className="min-w-0 flex-1">
                <Link
                  to={hrefFor(item)}
                  className="group inline-flex items-center gap-1 font-medium text-neutral-900 hover:text-primary-700 hover:underline"
                >
                  {name(item.names)}
                  <ChevronRight aria-hidden="true" className="size-4 text-neutral-400 group-hover:text-primary-600" />
                </Link>
                {name(item.descriptions as LocalizedNames) && (
                  <p className="mt-0.5 line-clamp-2 text-sm text-neutral-500">
                    {name(item.descriptions as LocalizedNames)}
                  </p>
                )}
              </div>
              <span className="hidden text-sm whitespace-nowrap text-neutral-500 sm:inline">
                {t('knowledge:documentCount', { count: item.documentCount })}
              </span>
              <Button
                size="xs"
                variant="ghost"
                color="neutral"
                icon={ArrowUp}
                disabled={index === 0 || reorder.isPending}
                aria-label={t('knowledge:actions.moveUp', { name: name(item.names) })}
                onClick={() => moveBy(index, -1)}
              />
              <Button
                size="xs"
                variant="ghost"
                color="neutral"
                icon={ArrowDown}
                disabled={index === items.length - 1 || reorder.isPending}
                aria-label={t('knowledge:actions.moveDown', { name: name(item.names) })}
                onClick={() => moveBy(index, 1)}
              />
              <DropdownMenu>
                <DropdownMenuTrigger asChild>
                  <Button
                    size="xs"
                    variant="ghost"
                    color="neutral"
                    icon={MoreHorizontal}
                    aria-label={t('knowledge:actions.menu', { name: name(item.names) })}
                  />
                </DropdownMenuTrigger>
                <DropdownMenuContent>
                  <DropdownMenuItem icon={Pencil} onSelect={() => setEditing({ id: item.id, names: item.names })}>
                    {t('knowledge:actions.rename')}
                  </DropdownMenuItem>
                  <DropdownMenuItem icon={Trash2} color="danger" onSelect={() => setDeleting(item)}>
                    {t('knowledge:actions.delete')}
                  </DropdownMenuItem>
                </DropdownMenuContent>
              </DropdownMenu>
            </li>
          ))}
        </ul>
      )}
      <NamesDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={t(editing?.id ? `knowledge:${noun}.renameTitle` : `knowledge:${noun}.createTitle`)}
        initial={editing?.names}
        onSubmit={(names) => save.mutateAsync({ id: editing?.id, names })}
      />
      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t(`knowledge:${noun}.deleteTitle`, { name: deleting ? name(deleting.names) : '' })}
        description={t('knowledge:deleteTaxonomyDescription')}
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
              onClick={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
            >
              {t('knowledge:actions.delete')}
            </Button>
          </>
        }
      />
    </div>
  );
}
