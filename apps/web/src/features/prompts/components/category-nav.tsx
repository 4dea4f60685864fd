import type { PromptCategoriesResponse, PromptCategory } from '@compliance/shared/prompts';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  ArrowDown,
  ArrowUp,
  Ellipsis,
  FolderMinus,
  GripVertical,
  Library,
  Pencil,
  Plus,
  ShoppingBag,
  Star,
  Store,
  Trash2,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu.tsx';
import { cn } from '@/lib/cn.ts';
import { useFormatters } from '@/lib/format.ts';
import { useReorderPromptCategories } from '../api/reorder-prompt-categories.ts';
import { viewKey, type LibraryView } from '../hooks/use-library-filters.ts';
import { CategoryIcon } from './category-icon.tsx';

export interface CategoryNavProps {
  data: PromptCategoriesResponse;
  view: LibraryView;
  onSelect: (view: LibraryView) => void;
  onCreate: () => void;
  onEdit: (category: PromptCategory) => void;
  onDelete: (category: PromptCategory) => void;
  onPublish: (category: PromptCategory) => void;
  /** Prompts bought in the marketplace (their own view). */
  purchasedCount: number;
}

function ViewButton({
  active,
  icon,
  label,
  count,
  onClick,
  children,
}: {
  active: boolean;
  icon?: LucideIcon;
  label: string;
  count: number;
  onClick: () => void;
  children?: ReactNode;
}) {
  const { formatNumber } = useFormatters();
  const Icon = icon;
  return (
    <button
      type="button"
      aria-current={active ? 'true' : undefined}
      onClick={onClick}
      className={cn(
        'flex min-w-0 flex-1 items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary-600',
        active ? 'bg-primary-50 font-semibold text-primary-800' : 'text-neutral-700 hover:bg-neutral-100',
      )}
    >
      {Icon && <Icon aria-hidden="true" className="size-4 shrink-0" />}
      {children}
      <span className="line-clamp-2 min-w-0 flex-1 break-words">{label}</span>
      <span className="shrink-0 text-xs text-neutral-500 tabular-nums">{formatNumber(count)}</span>
    </button>
  );
}

function SortableCategory({
  category,
  index,
  total,
  active,
  onSelect,
  onEdit,
  onDelete,
  onPublish,
  onMove,
}: {
  category: PromptCategory;
  index: number;
  total: number;
  active: boolean;
  onSelect: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onPublish: () => void;
  onMove: (offset: -1 | 1) => void;
}) {
  const { t } = useTranslation('prompts');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: category.id,
  });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid="category-item"
      data-name={category.name}
      className={cn('group flex items-center gap-0.5 rounded-md bg-white', isDragging && 'z-10 shadow-md')}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={t('prompts:categories.drag', { name: category.name })}
        className="flex h-8 w-5 shrink-0 cursor-grab touch-none items-center justify-center rounded text-neutral-400 hover:text-neutral-700 focus-visible:outline-2 focus-visible:outline-primary-600 active:cursor-grabbing"
      >
        <GripVertical aria-hidden="true" className="size-4" />
      </button>
      <ViewButton active={active} label={category.name} count={category.promptCount} onClick={onSelect}>
        <CategoryIcon icon={category.icon} />
      </ViewButton>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            color="neutral"
            size="xs"
            icon={Ellipsis}
            aria-label={t('prompts:categories.actions', { name: category.name })}
          />
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem icon={Pencil} onSelect={onEdit}>
            {t('prompts:categories.edit')}
          </DropdownMenuItem>
          <DropdownMenuItem icon={ArrowUp} disabled={index === 0} onSelect={() => onMove(-1)}>
            {t('prompts:categories.moveUp')}
          </DropdownMenuItem>
          <DropdownMenuItem icon={ArrowDown} disabled={index === total - 1} onSelect={() => onMove(1)}>
            {t('prompts:categories.moveDown')}
          </DropdownMenuItem>
          <DropdownMenuItem icon={Store} disabled={category.promptCount === 0} onSelect={onPublish}>
            {t('prompts:categories.publish')}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem icon={Trash2} color="danger" onSelect={onDelete}>
            {t('prompts:categories.delete')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </li>
  );
}

/**
 * The library's views and the user's categories: choose one to filter the list; create, edit,
 * delete; reorder by dragging (pointer, touch or keyboard) or with "Move up" / "Move down".
 */
export function CategoryNav({
  data,
  view,
  purchasedCount,
  onSelect,
  onCreate,
  onEdit,
  onDelete,
  onPublish,
}: CategoryNavProps) {
  const { t } = useTranslation('prompts');
  const reorder = useReorderPromptCategories();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const categories = data.categories;
  const ids = categories.map((category) => category.id);
  const nameOf = (id: string | number) => categories.find((category) => category.id === id)?.name ?? '';
  const positionOf = (id: string | number | undefined) => ids.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('prompts:dnd.picked', { name: nameOf(active.id), position: positionOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('prompts:dnd.over', { name: nameOf(active.id), position: positionOf(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? t('prompts:dnd.dropped', { name: nameOf(active.id), position: positionOf(over.id) }) : undefined,
    onDragCancel: ({ active }) => t('prompts:dnd.cancelled', { name: nameOf(active.id) }),
  };

  function move(from: number, to: number) {
    if (to < 0 || to >= ids.length || from === to) return;
    reorder.mutate(arrayMove(ids, from, to));
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    if (over && active.id !== over.id) move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  }

  const current = viewKey(view);
  return (
    <nav aria-label={t('prompts:categories.navLabel')} className="flex flex-col gap-3">
      <ul className="flex flex-col gap-0.5">
        <li className="flex">
          <ViewButton
            active={current === 'all'}
            icon={Library}
            label={t('prompts:categories.all')}
            count={data.counts.all}
            onClick={() => onSelect('all')}
          />
        </li>
        <li className="flex">
          <ViewButton
            active={current === 'favourites'}
            icon={Star}
            label={t('prompts:categories.favourites')}
            count={data.counts.favourites}
            onClick={() => onSelect('favourites')}
          />
        </li>
        <li className="flex">
          <ViewButton
            active={current === 'purchased'}
            icon={ShoppingBag}
            label={t('prompts:categories.purchased')}
            count={purchasedCount}
            onClick={() => onSelect('purchased')}
          />
        </li>
        {(data.counts.uncategorised > 0 || current === 'none') && (
          <li className="flex">
            <ViewButton
              active={current === 'none'}
              icon={FolderMinus}
              label={t('prompts:categories.none')}
              count={data.counts.uncategorised}
              onClick={() => onSelect('none')}
            />
          </li>
        )}
      </ul>
      <div className="flex items-center justify-between gap-2 border-t border-neutral-200 pt-3">
        <h2 className="px-2 text-xs font-semibold tracking-wide text-neutral-500 uppercase">
          {t('prompts:categories.heading')}
        </h2>
        <Button variant="ghost" size="xs" icon={Plus} onClick={onCreate}>
          {t('prompts:categories.new')}
        </Button>
      </div>
      {categories.length === 0 ? (
        <p className="px-2 text-sm text-neutral-500">{t('prompts:categories.empty')}</p>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            announcements,
            screenReaderInstructions: { draggable: t('prompts:dnd.instructions') },
          }}
        >
          <SortableContext items={ids} strategy={verticalListSortingStrategy}>
            <ul className="flex flex-col gap-0.5" aria-label={t('prompts:categories.heading')}>
              {categories.map((category, index) => (
                <SortableCategory
                  key={category.id}
                  category={category}
                  index={index}
                  total={categories.length}
                  active={current === category.id}
                  onSelect={() => onSelect({ categoryId: category.id })}
                  onEdit={() => onEdit(category)}
                  onDelete={() => onDelete(category)}
                  onPublish={() => onPublish(category)}
                  onMove={(offset) => move(index, index + offset)}
                />
              ))}
            </ul>
          </SortableContext>
        </DndContext>
      )}
    </nav>
  );
}
