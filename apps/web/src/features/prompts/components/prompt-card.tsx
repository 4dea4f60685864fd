import type { PromptCategory, PromptSummary } from '@compliance/shared/prompts';
import { Braces, Copy, Ellipsis, History, Pencil, Play, Star, Store, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge.tsx';
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
import { CategoryIcon } from './category-icon.tsx';

export interface PromptActions {
  onUse: (prompt: PromptSummary) => void;
  onEdit: (prompt: PromptSummary) => void;
  onDuplicate: (prompt: PromptSummary) => void;
  onHistory: (prompt: PromptSummary) => void;
  onDelete: (prompt: PromptSummary) => void;
  onPublish: (prompt: PromptSummary) => void;
  onToggleFavourite: (prompt: PromptSummary) => void;
}

export interface PromptCardProps extends PromptActions {
  prompt: PromptSummary;
  category: PromptCategory | undefined;
}

/** A prompt's placeholder count (names on hover) and its version with the day it changed. */
export function PlaceholdersAndVersion({
  names,
  version,
  updatedAt,
}: {
  names: string[];
  version: number;
  updatedAt: string;
}) {
  const { t } = useTranslation('prompts');
  const { formatDate } = useFormatters();
  return (
    <>
      {names.length > 0 && (
        <Badge icon={Braces} title={names.join(', ')}>
          {t('prompts:card.placeholders', { count: names.length })}
        </Badge>
      )}
      <span className="text-xs text-neutral-500">
        {t('prompts:card.versionUpdated', { version, date: formatDate(updatedAt, { dateStyle: 'medium' }) })}
      </span>
    </>
  );
}

/** One prompt in the list: title, start of the text, category, placeholders, and what can be done with it. */
export function PromptCard({ prompt, category, ...actions }: PromptCardProps) {
  const { t } = useTranslation('prompts');
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      data-testid="prompt-card"
      className="flex h-full flex-col gap-3 rounded-lg border border-neutral-200 bg-white p-4 shadow-xs"
    >
      <div className="flex items-start gap-2">
        <h3 id={titleId} className="min-w-0 flex-1 text-base font-semibold break-words text-neutral-900">
          {prompt.title}
        </h3>
        <Button
          variant="ghost"
          color={prompt.favourite ? 'accent' : 'neutral'}
          icon={Star}
          aria-pressed={prompt.favourite}
          aria-label={t('prompts:card.favourite', { title: prompt.title })}
          title={t(prompt.favourite ? 'prompts:card.unmarkFavourite' : 'prompts:card.markFavourite')}
          className={cn('-mt-1', prompt.favourite && '[&_svg]:fill-accent-400')}
          onClick={() => actions.onToggleFavourite(prompt)}
        />
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button
              variant="ghost"
              color="neutral"
              icon={Ellipsis}
              className="-mt-1 -mr-2"
              aria-label={t('prompts:card.more', { title: prompt.title })}
            />
          </DropdownMenuTrigger>
          <DropdownMenuContent>
            <DropdownMenuItem icon={Copy} onSelect={() => actions.onDuplicate(prompt)}>
              {t('prompts:card.duplicate')}
            </DropdownMenuItem>
            <DropdownMenuItem icon={History} onSelect={() => actions.onHistory(prompt)}>
              {t('prompts:card.history')}
            </DropdownMenuItem>
            <DropdownMenuItem icon={Store} onSelect={() => actions.onPublish(prompt)}>
              {t('prompts:card.publish')}
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem icon={Trash2} color="danger" onSelect={() => actions.onDelete(prompt)}>
              {t('prompts:card.delete')}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
      <p className="line-clamp-3 text-sm break-words whitespace-pre-line text-neutral-600">{prompt.excerpt}</p>
      <div className="flex flex-wrap items-center gap-1.5">
        {category ? (
          <Badge color="primary">
            <CategoryIcon icon={category.icon} className="size-3" />
            {category.name}
          </Badge>
        ) : (
          <Badge>{t('prompts:categories.none')}</Badge>
        )}
        <PlaceholdersAndVersion names={prompt.placeholderNames} version={prompt.version} updatedAt={prompt.updatedAt} />
      </div>
      <div className="mt-auto flex flex-wrap items-center gap-2 pt-1">
        <Button
          icon={Play}
          onClick={() => actions.onUse(prompt)}
          aria-label={t('prompts:card.useLabel', { title: prompt.title })}
        >
          {t('prompts:card.use')}
        </Button>
        <Button
          variant="outline"
          color="neutral"
          icon={Pencil}
          onClick={() => actions.onEdit(prompt)}
          aria-label={t('prompts:card.editLabel', { title: prompt.title })}
        >
          {t('prompts:card.edit')}
        </Button>
      </div>
    </article>
  );
}
