import {
  PROMPT_INSTRUCTIONS_MAX_LENGTH,
  PROMPT_TITLE_MAX_LENGTH,
  PROMPT_VERSION_MESSAGE_MAX_LENGTH,
  isPlaceholderName,
  promptInputSchema,
  renamePlaceholderInText,
  type Prompt,
  type PromptCategory,
  type PromptInput,
} from '@compliance/shared/prompts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Braces, CircleAlert, Plus, TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Controller, FormProvider, useFieldArray, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogClose } from '@/components/ui/dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Select } from '@/components/ui/select.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { errorMessageKey, isApiError } from '@/lib/api-client.ts';
import { useCreatePrompt } from '../api/create-prompt.ts';
import { usePrompt } from '@/components/prompts/get-prompt.ts';
import { useSavePrompt } from '../api/save-prompt.ts';
import { newPlaceholder, placeholderReport, syncPlaceholders } from '../utils/placeholder-sync.ts';
import { PlaceholderFieldset } from './placeholder-fieldset.tsx';

export type EditorTarget = { kind: 'create'; categoryId: string | null } | { kind: 'edit'; promptId: string };

export interface PromptEditorDialogProps {
  target: EditorTarget | null;
  onOpenChange: (open: boolean) => void;
  categories: PromptCategory[];
  onSaved: (prompt: Prompt, created: boolean) => void;
}

/** Create or edit a prompt: the placeholders follow the text as it is typed. */
export function PromptEditorDialog({ target, onOpenChange, categories, onSaved }: PromptEditorDialogProps) {
  const { t } = useTranslation(['prompts', 'errors']);
  const editId = target?.kind === 'edit' ? target.promptId : null;
  const prompt = usePrompt(editId);
  const formId = useId();
  const create = useCreatePrompt();
  const save = useSavePrompt();
  const pending = create.isPending || save.isPending;

  let body;
  if (target?.kind === 'edit' && prompt.isPending) {
    body = (
      <div className="flex justify-center py-10">
        <Spinner />
      </div>
    );
  } else if (target?.kind === 'edit' && prompt.isError) {
    body = (
      <p role="alert" className="text-sm text-red-700">
        {t(
          isApiError(prompt.error) && prompt.error.status === 404
            ? errorMessageKey(prompt.error)
            : 'errors:prompts.promptsFailed',
        )}
      </p>
    );
  } else if (target) {
    const initial: PromptInput = prompt.data
      ? {
          title: prompt.data.title,
          instructions: prompt.data.instructions,
          categoryId: prompt.data.categoryId,
          placeholders: prompt.data.placeholders,
          versionMessage: '',
        }
      : {
          title: '',
          instructions: '',
          categoryId: target.kind === 'create' ? target.categoryId : null,
          placeholders: [],
          versionMessage: '',
        };
    body = (
      <PromptForm
        key={prompt.data ? `${prompt.data.id}-${prompt.data.version}` : 'new'}
        formId={formId}
        initial={initial}
        editing={target.kind === 'edit'}
        categories={categories}
        onSubmit={async (input) => {
          const saved = editId ? await save.mutateAsync({ ...input, id: editId }) : await create.mutateAsync(input);
          onSaved(saved, !editId);
          onOpenChange(false);
        }}
      />
    );
  }

  return (
    <Dialog
      open={target !== null}
      onOpenChange={onOpenChange}
      title={t(target?.kind === 'edit' ? 'prompts:editor.editTitle' : 'prompts:editor.createTitle')}
      description={t('prompts:editor.description', { token: '{{placeholderName}}' })}
      size="xl"
      // The first field gets focus, not the close button.
      onOpenAutoFocus={(event) => {
        const field = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>('input, textarea');
        if (field) {
          event.preventDefault();
          field.focus();
        }
      }}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="outline" color="neutral">
              {t('prompts:actions.cancel')}
            </Button>
          </DialogClose>
          <Button type="submit" form={formId} loading={pending} disabled={!body || (editId !== null && !prompt.data)}>
            {t(target?.kind === 'edit' ? 'prompts:editor.save' : 'prompts:editor.create')}
          </Button>
        </>
      }
    >
      {body}
    </Dialog>
  );
}

/** Server answers shown on a field rather than above the form. */
const fieldCodes = new Set(['PROMPT_CATEGORY_NOT_FOUND']);

function PromptForm({
  formId,
  initial,
  editing,
  categories,
  onSubmit,
}: {
  formId: string;
  initial: PromptInput;
  editing: boolean;
  categories: PromptCategory[];
  onSubmit: (input: PromptInput) => Promise<void>;
}) {
  const { t } = useTranslation(['prompts', 'errors']);
  const form = useForm<PromptInput>({
    resolver: zodResolver(promptInputSchema),
    defaultValues: initial,
    mode: 'onTouched',
  });
  const { control, register, getValues, setValue, formState } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'placeholders' });
  const instructions = useWatch({ control, name: 'instructions' });
  const placeholders = useWatch({ control, name: 'placeholders' });
  const textareaRef = useRef<HTMLTextAreaElement | null>(null);
  // Placeholders the editor added on its own (they go again if their token goes before being touched).
  const autoAdded = useRef(new Set<string>());
  const nameAtFocus = useRef(new Map<number, string>());
  const rootId = useId();

  useEffect(() => {
    const current = getValues('placeholders');
    const { remove: stale, add } = syncPlaceholders(instructions, current, autoAdded.current);
    if (stale.length > 0) {
      for (const index of stale) autoAdded.current.delete(current[index]?.name ?? '');
      remove(stale);
    }
    if (add.length > 0) {
      for (const name of add) autoAdded.current.add(name);
      append(add.map(newPlaceholder), { shouldFocus: false });
    }
  }, [instructions, getValues, append, remove]);

  const report = placeholderReport(instructions, placeholders);

  function setInstructions(value: string) {
    setValue('instructions', value, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  }

  /** Writes `{{name}}` where the caret is (or at the end) and puts the caret after it. */
  function insertToken(name: string) {
    const element = textareaRef.current;
    const text = getValues('instructions');
    const start = element?.selectionStart ?? text.length;
    const end = element?.selectionEnd ?? start;
    const token = `{{${name}}}`;
    setInstructions(text.slice(0, start) + token + text.slice(end));
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  }

  /** Renaming a placeholder renames its tokens in the text too. */
  function renameTokens(index: number) {
    const before = nameAtFocus.current.get(index);
    nameAtFocus.current.delete(index);
    const after = getValues(`placeholders.${index}.name`).trim();
    if (!before || before === after || !isPlaceholderName(before) || !isPlaceholderName(after)) return;
    if (getValues('placeholders').some((placeholder, other) => other !== index && placeholder.name === after)) return;
    autoAdded.current.delete(before);
    setInstructions(renamePlaceholderInText(getValues('instructions'), before, after));
  }

  const submit = form.handleSubmit(async (input) => {
    try {
      await onSubmit(input);
    } catch (error) {
      const code = isApiError(error) ? error.code : '';
      if (isApiError(error) && error.fields && code === 'VALIDATION_FAILED') {
        for (const [path, key] of Object.entries(error.fields)) {
          form.setError(path as FieldPath<PromptInput>, { message: key.includes(':') ? key : errorMessageKey(error) });
        }
        return;
      }
      form.setError(fieldCodes.has(code) ? 'categoryId' : 'root', { message: errorMessageKey(error) });
    }
  });

  const errorText = (message: string | undefined) => (message ? t(message) : undefined);
  const rootError = formState.errors.root?.message;
  const instructionsRef = register('instructions');

  return (
    <FormProvider {...form}>
      <form id={formId} noValidate onSubmit={submit} aria-describedby={rootError ? rootId : undefined}>
        <div className="flex flex-col gap-5">
          {rootError && (
            <p
              id={rootId}
              role="alert"
              className="flex items-start gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-800"
            >
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {t(rootError)}
            </p>
          )}
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-[2fr_1fr]">
            <FormField
              label={t('prompts:editor.titleLabel')}
              error={errorText(formState.errors.title?.message)}
              required
            >
              <Input autoComplete="off" maxLength={PROMPT_TITLE_MAX_LENGTH} {...register('title')} />
            </FormField>
            <FormField label={t('prompts:editor.category')} error={errorText(formState.errors.categoryId?.message)}>
              <Controller
                control={control}
                name="categoryId"
                render={({ field }) => (
                  <Select
                    name={field.name}
                    value={field.value ?? ''}
                    onBlur={field.onBlur}
                    onChange={(event) => field.onChange(event.target.value || null)}
                    options={[
                      { value: '', label: t('prompts:categories.none') },
                      ...categories.map((category) => ({ value: category.id, label: category.name })),
                    ]}
                  />
                )}
              />
            </FormField>
          </div>

          <FormField
            label={t('prompts:editor.instructions')}
            hint={t('prompts:editor.instructionsHint', { example: '{{clientCountry}}' })}
            error={errorText(formState.errors.instructions?.message)}
            required
          >
            <Textarea
              rows={9}
              spellCheck
              maxLength={PROMPT_INSTRUCTIONS_MAX_LENGTH}
              className="font-mono text-[13px]"
              {...instructionsRef}
              ref={(element) => {
                instructionsRef.ref(element);
                textareaRef.current = element;
              }}
            />
          </FormField>

          {(report.invalidTokens.length > 0 || report.undefinedNames.length > 0) && (
            <ul
              aria-live="polite"
              className="flex flex-col gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm"
            >
              {report.invalidTokens.map((token) => (
                <li key={`invalid-${token}`} className="flex items-start gap-2 text-amber-900">
                  <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  <span>
                    <code className="font-mono">{`{{${token}}}`}</code> {t('prompts:editor.invalidToken')}{' '}
                    {t('errors:validation.placeholderNameFormat')}
                  </span>
                </li>
              ))}
              {report.undefinedNames.map((name) => (
                <li key={`undefined-${name}`} className="flex flex-wrap items-center gap-2 text-amber-900">
                  <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
                  <span>
                    <code className="font-mono">{`{{${name}}}`}</code> {t('prompts:editor.undefinedToken')}
                  </span>
                  <Button size="xs" variant="outline" color="neutral" onClick={() => append(newPlaceholder(name))}>
                    {t('prompts:editor.define', { name })}
                  </Button>
                </li>
              ))}
            </ul>
          )}

          <section aria-labelledby={`${formId}-placeholders`} className="flex flex-col gap-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3
                id={`${formId}-placeholders`}
                className="flex items-center gap-2 text-base font-semibold text-neutral-900"
              >
                <Braces aria-hidden="true" className="size-4 text-primary-600" />
                {t('prompts:placeholders.heading', { count: fields.length })}
              </h3>
              <Button
                variant="outline"
                color="neutral"
                icon={Plus}
                onClick={() =>
                  append(newPlaceholder(''), { shouldFocus: true, focusName: `placeholders.${fields.length}.name` })
                }
              >
                {t('prompts:placeholders.add')}
              </Button>
            </div>
            {fields.length === 0 ? (
              <p className="rounded-lg border border-dashed border-neutral-300 p-4 text-sm text-neutral-500">
                {t('prompts:placeholders.empty')}
              </p>
            ) : (
              <div className="flex flex-col gap-3">
                {fields.map((field, index) => (
                  <PlaceholderFieldset
                    key={field.id}
                    index={index}
                    unused={!report.used.includes(placeholders[index]?.name ?? '')}
                    onInsert={insertToken}
                    onRemove={() => {
                      autoAdded.current.delete(placeholders[index]?.name ?? '');
                      remove(index);
                    }}
                    onNameFocus={() => nameAtFocus.current.set(index, getValues(`placeholders.${index}.name`))}
                    onNameBlur={() => renameTokens(index)}
                  />
                ))}
              </div>
            )}
          </section>

          {editing && (
            <FormField
              label={t('prompts:editor.versionMessage')}
              hint={t('prompts:editor.versionMessageHint')}
              error={errorText(formState.errors.versionMessage?.message)}
            >
              <Input autoComplete="off" maxLength={PROMPT_VERSION_MESSAGE_MAX_LENGTH} {...register('versionMessage')} />
            </FormField>
          )}
        </div>
      </form>
    </FormProvider>
  );
}
