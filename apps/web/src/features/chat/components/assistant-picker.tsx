import { assistantName } from '../utils/assistant-name.ts';
import type { Assistant, ChatCapabilities } from '@compliance/shared/chat';
import { Bot } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { errorMessageKey } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';

export interface AssistantPickerProps {
  mode: 'account' | 'trial';
  /** The assistants query's state. */
  status: 'pending' | 'error' | 'success';
  error: unknown;
  assistants: Assistant[];
  selectedId: string | null;
  /** A started conversation keeps its assistant. */
  assistantLocked: boolean;
  onChoose: (assistant: Assistant) => void;
  capabilities: ChatCapabilities | undefined;
  knowledgeBase: boolean;
  onKnowledgeBaseChange: (on: boolean) => void;
  webSearch: boolean;
  onWebSearchChange: (on: boolean) => void;
  streaming: boolean;
  archived: boolean;
  /** Once the conversation has started the picker shrinks, so phones keep room for the answers. */
  compact: boolean;
}

/** The assistant choice and the knowledge-base and web-search switches above the conversation. */
export function AssistantPicker({
  mode,
  status,
  error,
  assistants,
  selectedId,
  assistantLocked,
  onChoose,
  capabilities,
  knowledgeBase,
  onKnowledgeBaseChange,
  webSearch,
  onWebSearchChange,
  streaming,
  archived,
  compact,
}: AssistantPickerProps) {
  const { t } = useTranslation(['chat', 'errors']);
  const groupId = useId();
  return (
    <div className="flex flex-col gap-3 border-b border-neutral-200 pb-4">
      <fieldset>
        <legend className={cn('mb-2 text-sm font-medium text-neutral-800', compact && 'sr-only')}>
          {t('chat:picker.label')}
        </legend>
        {status === 'pending' ? (
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </div>
        ) : status === 'error' ? (
          <p role="alert" className="text-sm text-danger-700">
            {t(errorMessageKey(error))}
          </p>
        ) : (
          <div className={cn('grid gap-2', compact ? 'grid-cols-2' : 'sm:grid-cols-2')}>
            {assistants.map((assistant) => {
              const active = selectedId === assistant.id;
              const locked = assistantLocked && !active;
              return (
                <label
                  key={assistant.id}
                  className={cn(
                    'flex cursor-pointer gap-3 rounded-xl border text-left transition-colors',
                    compact ? 'p-2' : 'p-3',
                    active
                      ? 'border-primary-500 bg-primary-50 ring-1 ring-primary-500'
                      : 'border-neutral-200 bg-white hover:border-neutral-300',
                    locked && 'cursor-not-allowed opacity-50',
                  )}
                >
                  <input
                    type="radio"
                    name={`${groupId}-assistant`}
                    className="sr-only"
                    checked={active}
                    disabled={locked || streaming}
                    onChange={() => onChoose(assistant)}
                  />
                  <Bot
                    aria-hidden="true"
                    className={cn('mt-0.5 size-5 shrink-0', active ? 'text-primary-700' : 'text-neutral-400')}
                  />
                  <span className="min-w-0">
                    <span className="block text-sm font-semibold text-neutral-900">{assistantName(assistant, t)}</span>
                    <span className={cn('block text-xs text-neutral-600', compact && 'hidden sm:block')}>
                      {assistant.customized
                        ? assistant.description
                        : t(`chat:assistants.${assistant.slug}.description`, { defaultValue: assistant.description })}
                    </span>
                  </span>
                </label>
              );
            })}
          </div>
        )}
      </fieldset>
      <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
        <Switch
          label={t('chat:toggles.knowledgeBase')}
          checked={knowledgeBase}
          onCheckedChange={onKnowledgeBaseChange}
          disabled={streaming || archived}
          className="sm:justify-start"
        />
        {mode === 'account' && (
          <Switch
            label={t('chat:toggles.webSearch')}
            description={
              capabilities && !capabilities.webSearch.available && !compact
                ? t('chat:webSearch.notConfigured')
                : undefined
            }
            checked={webSearch}
            onCheckedChange={onWebSearchChange}
            disabled={streaming || archived || !capabilities?.webSearch.available}
            className="sm:justify-start"
          />
        )}
      </div>
    </div>
  );
}
