import {
  PLACEHOLDER_VALUE_MAX_LENGTH,
  placeholderValueIssues,
  type Placeholder,
  type Prompt,
  type UsePromptResult,
} from '@compliance/shared/prompts';
import { isLocale } from '@compliance/shared/locales';
import { CircleAlert, Copy, MessageSquarePlus, Pencil, Wand } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '@/components/toaster/toast-store.ts';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogClose, type DialogProps } from '@/components/ui/dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Select } from '@/components/ui/select.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { paths } from '@/config/paths.ts';
import { errorMessageKey, isApiError } from '@/lib/api-client.ts';
import { useDataChoices } from './data-choices.ts';
import { useFillPrompt, type PromptSource } from './fill-prompt.ts';
import { useLicensedPrompt } from './get-licensed-prompts.ts';
import { usePrompt } from './get-prompt.ts';
import { DocumentChoice, MultiChoice } from './placeholder-choices.tsx';

export interface UsePromptDialogProps {
  /** The prompt to use; null closes the dialog. */
  promptId: string | null;
  onOpenChange: (open: boolean) => void;
  /** A prompt of the user's own library (default), or one licensed from the marketplace. */
  source?: PromptSource;
  /** Inside the chat: the filled text goes into the message box instead of opening the chat. */
  onInsert?: (text: string, runId: string) => void;
  /** Where focus goes when the dialog closes (default: back to what opened it). */
  onCloseAutoFocus?: DialogProps['onCloseAutoFocus'];
}

type FillablePrompt = Pick<Prompt, 'id' | 'title' | 'placeholders' | 'version'>;

/**
 * Where "Open in chat" goes: the chat with the filled text in `?prompt=` (the chat screen prefills
 * its message box from it), and in the navigation state for a chat that prefers that.
 */
export function chatHrefWithPrompt(text: string, runId?: string): string {
  const params = new URLSearchParams({ prompt: text, ...(runId ? { promptRun: runId } : {}) });
  return `${paths.app.chat.getHref()}?${params.toString()}`;
}

function initialValues(placeholders: Placeholder[]): Record<string, string> {
  return Object.fromEntries(placeholders.map((placeholder) => [placeholder.name, placeholder.defaultValue]));
}

/** Use a prompt: one typed, labelled field per placeholder, then the filled text to copy or take to the chat. */
export function UsePromptDialog({
  promptId,
  onOpenChange,
  source = 'library',
  onInsert,
  onCloseAutoFocus,
}: UsePromptDialogProps) {
  const { t } = useTranslation(['prompts', 'errors']);
  const own = usePrompt(source === 'library' ? promptId : null);
  const licensed = useLicensedPrompt(source === 'licensed' ? promptId : null);
  const prompt = source === 'library' ? own : licensed;
  return (
    <Dialog
      open={promptId !== null}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      title={prompt.data ? t('prompts:use.title', { title: prompt.data.title }) : t('prompts:use.loadingTitle')}
      description={t('prompts:use.description')}
      size="lg"
    >
      {prompt.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      ) : prompt.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t(errorMessageKey(prompt.error))}
        </p>
      ) : (
        <UsePromptForm key={prompt.data.id} prompt={prompt.data} source={source} onInsert={onInsert} />
      )}
    </Dialog>
  );
}

function ValueInput({
  placeholder,
  value,
  onChange,
  documentName,
}: {
  placeholder: Placeholder;
  value: string;
  /** `name`: the chosen document's (a `document` placeholder). */
  onChange: (value: string, name?: string) => void;
  /** The name of the document chosen earlier, shown again when the values are edited. */
  documentName?: string | undefined;
}) {
  const { t } = useTranslation('prompts');
  const common = { value, onChange: (event: { target: { value: string } }) => onChange(event.target.value) };
  switch (placeholder.type) {
    case 'longText':
      return <Textarea rows={4} maxLength={PLACEHOLDER_VALUE_MAX_LENGTH} {...common} />;
    case 'select':
      return (
        <Select
          {...common}
          options={[
            { value: '', label: t('prompts:use.choose') },
            ...placeholder.options.map((option) => ({ value: option, label: option })),
          ]}
        />
      );
    case 'multiSelect':
      return <MultiChoice placeholder={placeholder} value={value} onChange={onChange} />;
    case 'document':
      return <DocumentChoice value={value} onChange={onChange} initialName={documentName} />;
    case 'country':
    case 'regulatoryFunction':
      return <DataChoice type={placeholder.type} {...common} />;
    case 'number':
      return <Input type="number" inputMode="decimal" step="any" {...common} />;
    case 'date':
      return <Input type="date" {...common} />;
    default:
      return <Input autoComplete="off" maxLength={PLACEHOLDER_VALUE_MAX_LENGTH} {...common} />;
  }
}

/** A choice among the product's own data (jurisdictions, regulatory areas), loaded when shown. */
function DataChoice({
  type,
  value,
  onChange,
}: {
  type: 'country' | 'regulatoryFunction';
  value: string;
  onChange: (event: { target: { value: string } }) => void;
}) {
  const { t, i18n } = useTranslation('prompts');
  const choices = useDataChoices(type, i18n.language);
  if (!choices) return <Select value="" onChange={onChange} disabled options={[{ value: '', label: '…' }]} />;
  // A default or an earlier value that is not (or no longer) in the list stays choosable.
  const all = value && !choices.includes(value) ? [value, ...choices] : choices;
  return (
    <Select
      value={value}
      onChange={onChange}
      options={[
        { value: '', label: t('prompts:use.choose') },
        ...all.map((choice) => ({ value: choice, label: choice })),
      ]}
    />
  );
}

function UsePromptForm({
  prompt,
  source,
  onInsert,
}: {
  prompt: FillablePrompt;
  source: PromptSource;
  onInsert: ((text: string, runId: string) => void) | undefined;
}) {
  const { t, i18n } = useTranslation(['prompts', 'errors']);
  const navigate = useNavigate();
  const fill = useFillPrompt(source);
  const language = isLocale(i18n.language) ? i18n.language : undefined;
  const [values, setValues] = useState(() => initialValues(prompt.placeholders));
  // A newer version arriving while the dialog is open (a refetch) keeps what the user typed for the
  // placeholders it still has, instead of starting the form over.
  const [shownVersion, setShownVersion] = useState(prompt.version);
  if (shownVersion !== prompt.version) {
    setShownVersion(prompt.version);
    setValues((typed) => {
      const fresh = initialValues(prompt.placeholders);
      for (const name of Object.keys(fresh)) if (typed[name]) fresh[name] = typed[name];
      return fresh;
    });
  }
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [documentNames, setDocumentNames] = useState<Record<string, string>>({});
  const [result, setResult] = useState<UsePromptResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const formId = useId();
  const resultId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const resultRef = useRef<HTMLTextAreaElement>(null);
  // Bumped by each refused submit: focus then goes to the first field to fix.
  const [refusals, setRefusals] = useState(0);
  const { mutateAsync } = fill;

  const run = useCallback(
    async (current: Record<string, string>) => {
      try {
        const filled = await mutateAsync({ id: prompt.id, values: current, ...(language ? { language } : {}) });
        setResult(filled);
      } catch (error) {
        if (isApiError(error) && error.code === 'PROMPT_VALUES_INVALID' && error.fields) {
          setIssues(
            Object.fromEntries(Object.entries(error.fields).map(([path, key]) => [path.replace(/^values\./, ''), key])),
          );
        }
        setFailure(errorMessageKey(error));
      }
    },
    [mutateAsync, prompt.id, language],
  );

  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);
  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  // Nothing to ask: fill it in straight away (once, even when effects run twice in development).
  const noPlaceholders = prompt.placeholders.length === 0;
  const started = useRef(false);
  useEffect(() => {
    if (!noPlaceholders || started.current) return;
    started.current = true;
    void run({});
  }, [noPlaceholders, run]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = placeholderValueIssues(prompt.placeholders, values);
    setIssues(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      setFailure(
        Object.values(found).includes('errors:validation.required')
          ? 'errors:validation.fillAllFields'
          : 'prompts:use.fixValues',
      );
      setRefusals((count) => count + 1);
      return;
    }
    void run(values);
  }

  async function copy() {
    if (!result) return;
    try {
      await navigator.clipboard.writeText(result.text);
      toast.add({ title: t('prompts:use.copied'), color: 'success', icon: Copy });
    } catch {
      // No clipboard permission: select the text so the user can copy it themselves.
      resultRef.current?.select();
      toast.add({ title: t('prompts:use.copyFailed'), color: 'warning' });
    }
  }

  if (result) {
    return (
      <div className="flex flex-col gap-4">
        <FormField label={t('prompts:use.result')} hint={t('prompts:use.resultHint', { version: result.version })}>
          <Textarea
            id={resultId}
            ref={resultRef}
            readOnly
            rows={Math.min(14, Math.max(5, result.text.split('\n').length + 1))}
            value={result.text}
            data-testid="filled-prompt"
            className="bg-neutral-50"
          />
        </FormField>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {!noPlaceholders && (
            <Button variant="ghost" color="neutral" icon={Pencil} onClick={() => setResult(null)}>
              {t('prompts:use.editValues')}
            </Button>
          )}
          <Button variant="outline" color="neutral" icon={Copy} onClick={() => void copy()}>
            {t('prompts:use.copy')}
          </Button>
          {onInsert ? (
            <Button icon={MessageSquarePlus} onClick={() => onInsert(result.text, result.runId)}>
              {t('prompts:use.insert')}
            </Button>
          ) : (
            <Button
              icon={MessageSquarePlus}
              onClick={() => void navigate(chatHrefWithPrompt(result.text, result.runId))}
            >
              {t('prompts:use.openInChat')}
            </Button>
          )}
        </div>
      </div>
    );
  }

  if (noPlaceholders) {
    return failure ? (
      <p role="alert" className="text-sm text-red-700">
        {t(failure)}
      </p>
    ) : (
      <div className="flex justify-center py-10">
        <Spinner />
      </div>
    );
  }

  return (
    <form ref={formRef} id={formId} noValidate onSubmit={submit} className="flex flex-col gap-4">
      {failure && (
        <p role="alert" className="flex items-start gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t(failure)}
        </p>
      )}
      {prompt.placeholders.map((placeholder) => (
        <FormField
          key={placeholder.name}
          label={placeholder.description}
          hint={`{{${placeholder.name}}}`}
          required={placeholder.required}
          error={issues[placeholder.name] ? t(issues[placeholder.name] ?? '') : undefined}
        >
          <ValueInput
            placeholder={placeholder}
            value={values[placeholder.name] ?? ''}
            documentName={documentNames[values[placeholder.name] ?? '']}
            onChange={(value, name) => {
              setValues((current) => ({ ...current, [placeholder.name]: value }));
              if (name) setDocumentNames((current) => ({ ...current, [value]: name }));
              if (issues[placeholder.name]) {
                setIssues(({ [placeholder.name]: _fixed, ...rest }) => rest);
              }
            }}
          />
        </FormField>
      ))}
      <p className="text-xs text-neutral-500">{t('ui:requiredFieldsNote')}</p>
      <div className="flex flex-col-reverse gap-2 border-t border-neutral-200 pt-4 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline" color="neutral">
            {t('prompts:actions.cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" icon={Wand} loading={fill.isPending}>
          {t('prompts:use.fill')}
        </Button>
      </div>
    </form>
  );
}
