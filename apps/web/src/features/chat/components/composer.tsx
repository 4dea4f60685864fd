import { MAX_QUESTION_LENGTH } from '@compliance/shared/chat';
import { NotebookPen, Send, Square } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { PromptPickerDialog, type PickedPrompt } from '@/components/prompts/prompt-picker-dialog.tsx';
import { UsePromptDialog } from '@/components/prompts/use-prompt-dialog.tsx';

export interface ComposerProps {
  /** Shown above the composer. */
  note?: ReactNode;
  /** Shown instead of the composer (e.g. the trial's daily limit). */
  blocked?: ReactNode;
  archived: boolean;
  draft: string;
  onDraftChange: (draft: string) => void;
  onSubmit: () => void;
  onStop: () => void;
  streaming: boolean;
  /**
   * The assistant is not known yet (the list, or the user's default, still loading): Send waits,
   * busy, so a question typed right after the page opens is not refused with "select an assistant".
   */
  preparing?: boolean;
  /** The form's error (no assistant, no question). */
  error: string | null;
  /** Offer the prompt library (a signed-in user): the Prompts button and "/" in an empty box. */
  prompts?: boolean;
  /** A prompt was filled in: its text replaces the draft, and its run goes with the question. */
  onPromptInserted?: (text: string, runId: string) => void;
}

/** "/" alone, or "/" and a word, in the message box: the prompt picker, searching for the word. */
const SLASH_COMMAND = /^\/([^\s/]*)$/;

/**
 * How long after an answer ends an empty submission is taken for a click meant for Stop (a double
 * click, or a tap that lands once Send has taken Stop's place) and ignored instead of answered with
 * "Please type a question.".
 */
const STOP_GRACE_MS = 1_000;

/** The question box: Enter sends, Shift+Enter adds a line; Stop replaces Send while an answer streams. */
export function Composer({
  note,
  blocked,
  archived,
  draft,
  onDraftChange,
  onSubmit,
  onStop,
  streaming,
  preparing = false,
  error,
  prompts = false,
  onPromptInserted,
}: ComposerProps) {
  const { t } = useTranslation('chat');
  const [picker, setPicker] = useState<{ search: string } | null>(null);
  const [using, setUsing] = useState<PickedPrompt | null>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const changeDraft = (value: string) => {
    const command = prompts ? SLASH_COMMAND.exec(value) : null;
    // The slash opens the picker once typed; the text after it becomes the picker's search.
    if (command && !draft.startsWith('/')) setPicker({ search: command[1] ?? '' });
    onDraftChange(value);
  };
  const inserted = useRef(false);
  const insert = (text: string, runId: string) => {
    inserted.current = true;
    setUsing(null);
    if (onPromptInserted) onPromptInserted(text, runId);
    else onDraftChange(text);
  };
  const composerId = useId();
  const streamEndedAt = useRef<number | null>(null);
  const wasStreaming = useRef(streaming);
  useEffect(() => {
    if (wasStreaming.current && !streaming) streamEndedAt.current = performance.now();
    wasStreaming.current = streaming;
  }, [streaming]);
  const submit = () => {
    if (preparing) return;
    const justStopped = streamEndedAt.current !== null && performance.now() - streamEndedAt.current < STOP_GRACE_MS;
    if (justStopped && draft.trim() === '') return;
    onSubmit();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (!streaming) submit();
    }
  };
  return (
    <div className="border-t border-neutral-200 pt-3">
      {note}
      {blocked ? (
        blocked
      ) : archived ? (
        <p className="rounded-lg bg-neutral-50 p-3 text-sm text-neutral-600">{t('chat:conversation.archivedNote')}</p>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!streaming) submit();
          }}
          className="flex flex-col gap-2"
          noValidate
        >
          <label htmlFor={composerId} className="sr-only">
            {t('chat:composer.label')}
          </label>
          <div className="flex items-end gap-2">
            <Textarea
              id={composerId}
              rows={2}
              value={draft}
              maxLength={MAX_QUESTION_LENGTH}
              placeholder={t('chat:composer.placeholder')}
              ref={textareaRef}
              onChange={(event) => changeDraft(event.target.value)}
              onKeyDown={onKeyDown}
              invalid={Boolean(error)}
              aria-describedby={error ? `${composerId}-error ${composerId}-keys` : `${composerId}-keys`}
              className="min-h-[3.25rem] flex-1 resize-none"
            />
            {prompts && (
              <Button
                type="button"
                size="md"
                variant="ghost"
                color="neutral"
                icon={NotebookPen}
                aria-label={t('chat:composer.prompts')}
                title={t('chat:composer.promptsHint')}
                onClick={() => setPicker({ search: '' })}
              />
            )}
            {streaming ? (
              // Keyed apart: the Send button must not take the Stop button's place mid-click and submit.
              <Button
                key="stop"
                type="button"
                size="md"
                color="neutral"
                variant="outline"
                icon={Square}
                onClick={onStop}
              >
                {t('chat:actions.stop')}
              </Button>
            ) : (
              <Button key="send" type="submit" size="md" icon={Send} loading={preparing}>
                {t('chat:actions.send')}
              </Button>
            )}
          </div>
          {error && (
            <p id={`${composerId}-error`} role="alert" className="text-sm text-danger-700">
              {error}
            </p>
          )}
          {/* Shown where a keyboard is likely; always read out with the box. */}
          <p id={`${composerId}-keys`} className="hidden text-xs text-neutral-500 pointer-fine:block">
            {t('chat:composer.keysHint')}
          </p>
        </form>
      )}
      {prompts && (
        <>
          <PromptPickerDialog
            open={picker !== null}
            initialSearch={picker?.search ?? ''}
            onOpenChange={(open) => !open && setPicker(null)}
            onPick={(prompt) => {
              setPicker(null);
              // The "/command" typed to open the picker is replaced by the filled prompt.
              if (draft.startsWith('/')) onDraftChange('');
              setUsing(prompt);
            }}
          />
          <UsePromptDialog
            promptId={using?.id ?? null}
            source={using?.source ?? 'library'}
            onOpenChange={(open) => !open && setUsing(null)}
            onInsert={insert}
            onCloseAutoFocus={(event) => {
              // After an insert the writer carries on in the message box, not on the button that opened the dialog.
              if (!inserted.current) return;
              inserted.current = false;
              event.preventDefault();
              textareaRef.current?.focus();
            }}
          />
        </>
      )}
    </div>
  );
}
