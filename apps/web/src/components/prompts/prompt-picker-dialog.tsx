import type { PromptListResponse } from '@compliance/shared/prompts';
import { useQuery } from '@tanstack/react-query';
import { Braces, Lock, Search } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { api } from '@/lib/api-client.ts';
import type { PromptSource } from './fill-prompt.ts';
import { useLicensedPrompts } from './get-licensed-prompts.ts';
import { promptQueryKeys } from './query-keys.ts';

export interface PickedPrompt {
  id: string;
  source: PromptSource;
}

interface Choice extends PickedPrompt {
  title: string;
  detail: string;
  placeholders: number;
}

/**
 * Choose a prompt of one's library (own or bought) to fill in, from the chat: opened with the
 * Prompts button or by typing "/" in the message box (what follows the slash searches).
 */
export function PromptPickerDialog({
  open,
  initialSearch,
  onOpenChange,
  onPick,
}: {
  open: boolean;
  initialSearch: string;
  onOpenChange: (open: boolean) => void;
  onPick: (prompt: PickedPrompt) => void;
}) {
  const { t } = useTranslation('prompts');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('prompts:picker.title')}
      description={t('prompts:picker.description')}
    >
      {open && <PromptChoices initialSearch={initialSearch} onPick={onPick} />}
    </Dialog>
  );
}

function PromptChoices({ initialSearch, onPick }: { initialSearch: string; onPick: (prompt: PickedPrompt) => void }) {
  const { t } = useTranslation(['prompts', 'errors']);
  const [search, setSearch] = useState(initialSearch);
  const own = useQuery({
    queryKey: [...promptQueryKeys.lists(), { sort: 'mostUsed' }],
    queryFn: (): Promise<PromptListResponse> => api.get('/prompts', { params: { sort: 'mostUsed' } }),
  });
  const licensed = useLicensedPrompts();
  const needle = search.trim().toLowerCase();
  const choices: Choice[] = [
    ...(own.data?.prompts ?? []).map((prompt) => ({
      id: prompt.id,
      source: 'library' as const,
      title: prompt.title,
      detail: prompt.excerpt,
      placeholders: prompt.placeholderNames.length,
    })),
    ...(licensed.data?.prompts ?? []).map((prompt) => ({
      id: prompt.id,
      source: 'licensed' as const,
      title: prompt.title,
      detail: t('prompts:picker.licensed', { listing: prompt.listingTitle, author: prompt.author.name }),
      placeholders: prompt.placeholders.length,
    })),
  ].filter((choice) => !needle || `${choice.title} ${choice.detail}`.toLowerCase().includes(needle));

  return (
    <div className="flex flex-col gap-3">
      <Input
        type="search"
        icon={Search}
        value={search}
        aria-label={t('prompts:picker.search')}
        placeholder={t('prompts:picker.search')}
        onChange={(event) => setSearch(event.target.value)}
      />
      {own.isPending || licensed.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner />
        </div>
      ) : (own.isError || licensed.isError) && choices.length === 0 ? (
        // Not "your library is empty" when it could not be read (SPEC §8).
        <div role="alert" className="flex flex-col items-center gap-2 py-4 text-center text-sm text-red-700">
          {t('errors:prompts.promptsFailed')}
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              if (own.isError) void own.refetch();
              if (licensed.isError) void licensed.refetch();
            }}
          >
            {t('prompts:actions.retry')}
          </Button>
        </div>
      ) : choices.length === 0 ? (
        <p className="py-4 text-center text-sm text-neutral-600">
          {needle ? t('prompts:picker.noMatch') : t('prompts:picker.empty')}
        </p>
      ) : (
        <ul className="flex max-h-80 flex-col gap-1 overflow-y-auto" aria-label={t('prompts:picker.title')}>
          {choices.map((choice) => (
            <li key={`${choice.source}-${choice.id}`}>
              <button
                type="button"
                onClick={() => onPick({ id: choice.id, source: choice.source })}
                className="flex w-full flex-col gap-0.5 rounded-md px-3 py-2 text-left hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-primary-600"
              >
                <span className="flex items-center gap-2 font-medium text-neutral-900">
                  {choice.source === 'licensed' && <Lock aria-hidden="true" className="size-3.5 text-neutral-500" />}
                  {choice.title}
                  {choice.placeholders > 0 && (
                    <span className="inline-flex items-center gap-0.5 text-xs font-normal text-neutral-500">
                      <Braces aria-hidden="true" className="size-3" />
                      {choice.placeholders}
                    </span>
                  )}
                </span>
                <span className="line-clamp-1 text-xs text-neutral-600">{choice.detail}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
