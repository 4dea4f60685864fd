import {
  MAX_PLACEHOLDER_OPTIONS,
  PLACEHOLDER_DEFAULT_MAX_LENGTH,
  PLACEHOLDER_DESCRIPTION_MAX_LENGTH,
  PLACEHOLDER_NAME_MAX_LENGTH,
  hasOptions,
  isPlaceholderName,
  joinMultiValue,
  placeholderTypes,
  splitMultiValue,
  type PromptInput,
} from '@compliance/shared/prompts';
import { TextCursorInput, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useFormContext, useWatch, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Select } from '@/components/ui/select.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';

export interface PlaceholderFieldsetProps {
  index: number;
  /** Its `{{name}}` does not appear in the instructions. */
  unused: boolean;
  onInsert: (name: string) => void;
  onRemove: () => void;
  /** The name field got focus / lost it (the editor renames the tokens in the text). */
  onNameFocus: () => void;
  onNameBlur: () => void;
}

/** The choices of a select, one per line; empty lines are dropped from the value but kept while typing. */
function OptionsField({
  value,
  onChange,
  onBlur,
}: {
  value: string[];
  onChange: (options: string[]) => void;
  onBlur: () => void;
}) {
  const [text, setText] = useState(value.join('\n'));
  return (
    <Textarea
      rows={3}
      value={text}
      onBlur={onBlur}
      onChange={(event) => {
        setText(event.target.value);
        onChange(
          event.target.value
            .split('\n')
            .map((line) => line.trim())
            .filter(Boolean)
            .slice(0, MAX_PLACEHOLDER_OPTIONS + 1),
        );
      }}
    />
  );
}

/** The default of a multiple choice: a checkbox per option (the value holds the ticked ones, one per line). */
function DefaultChoices({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: string[];
  value: string;
  onChange: (value: string) => void;
}) {
  const chosen = splitMultiValue(value);
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1 text-sm font-medium text-neutral-800">{label}</legend>
      {options.map((option) => (
        <Checkbox
          key={option}
          label={option}
          checked={chosen.includes(option)}
          onChange={(event) =>
            onChange(
              joinMultiValue(
                options.filter((item) => (item === option ? event.target.checked : chosen.includes(item))),
              ),
            )
          }
        />
      ))}
    </fieldset>
  );
}

/** One placeholder of the prompt editor: name, type, description, default, required, choices. */
export function PlaceholderFieldset({
  index,
  unused,
  onInsert,
  onRemove,
  onNameFocus,
  onNameBlur,
}: PlaceholderFieldsetProps) {
  const { t } = useTranslation(['prompts', 'errors']);
  const { register, control, formState, setValue, getValues } = useFormContext<PromptInput>();
  const prefix = `placeholders.${index}` as const;
  const name = useWatch({ control, name: `${prefix}.name` });
  const type = useWatch({ control, name: `${prefix}.type` });
  const options = useWatch({ control, name: `${prefix}.options` });
  const errors = formState.errors.placeholders?.[index];
  const message = (error: FieldError | undefined) => (error?.message ? t(error.message) : undefined);
  const nameField = register(`${prefix}.name`);
  const label = isPlaceholderName(name) ? `{{${name}}}` : t('prompts:placeholders.unnamed', { number: index + 1 });

  return (
    <fieldset
      data-testid="placeholder-fieldset"
      data-name={name}
      className="rounded-lg border border-neutral-200 bg-neutral-50/60 p-3 sm:p-4"
    >
      <legend className="flex flex-wrap items-center gap-2 px-1 text-sm font-semibold text-neutral-900">
        <code className="rounded bg-white px-1.5 py-0.5 font-mono text-primary-800 ring-1 ring-neutral-200">
          {label}
        </code>
        {unused && <Badge color="warning">{t('prompts:placeholders.unused')}</Badge>}
      </legend>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <FormField
          label={t('prompts:placeholders.name')}
          hint={t('prompts:placeholders.nameHint')}
          error={message(errors?.name)}
          required
        >
          <Input
            autoComplete="off"
            spellCheck={false}
            maxLength={PLACEHOLDER_NAME_MAX_LENGTH + 10}
            className="font-mono"
            {...nameField}
            onFocus={onNameFocus}
            onBlur={(event) => {
              void nameField.onBlur(event);
              onNameBlur();
            }}
          />
        </FormField>
        <FormField label={t('prompts:placeholders.type')} required>
          <Select
            {...register(`${prefix}.type`, {
              // A document has no default (each user picks their own): what was typed for another type
              // goes. A multiple choice keeps only the defaults that are among its choices.
              onChange: (event: { target: { value: string } }) => {
                if (event.target.value === 'document') setValue(`${prefix}.defaultValue`, '');
                if (event.target.value === 'multiSelect') {
                  const kept = splitMultiValue(getValues(`${prefix}.defaultValue`)).filter((option) =>
                    options.includes(option),
                  );
                  setValue(`${prefix}.defaultValue`, joinMultiValue(kept));
                }
              },
            })}
            options={placeholderTypes.map((value) => ({ value, label: t(`prompts:placeholderTypes.${value}`) }))}
          />
        </FormField>
        <FormField
          label={t('prompts:placeholders.description')}
          hint={t('prompts:placeholders.descriptionHint')}
          error={message(errors?.description)}
          required
          className="sm:col-span-2"
        >
          <Input
            autoComplete="off"
            maxLength={PLACEHOLDER_DESCRIPTION_MAX_LENGTH}
            {...register(`${prefix}.description`)}
          />
        </FormField>
        {hasOptions(type) && (
          <FormField
            label={t('prompts:placeholders.options')}
            hint={t('prompts:placeholders.optionsHint')}
            error={message(errors?.options?.root ?? (errors?.options as FieldError | undefined))}
            required
            className="sm:col-span-2"
          >
            <Controller
              control={control}
              name={`${prefix}.options`}
              render={({ field }) => (
                <OptionsField value={field.value} onChange={field.onChange} onBlur={field.onBlur} />
              )}
            />
          </FormField>
        )}
        {type === 'document' ? (
          <p className="self-center text-xs text-neutral-600" data-testid="document-placeholder-note">
            {t('prompts:placeholders.documentDefault')}
          </p>
        ) : type === 'multiSelect' ? (
          <div className="flex flex-col gap-1.5">
            {options.length > 0 && (
              <Controller
                control={control}
                name={`${prefix}.defaultValue`}
                render={({ field }) => (
                  <DefaultChoices
                    label={t('prompts:placeholders.defaultChoices')}
                    options={options}
                    value={field.value}
                    onChange={field.onChange}
                  />
                )}
              />
            )}
            {errors?.defaultValue?.message && (
              <p className="text-xs font-medium text-red-700">{t(errors.defaultValue.message)}</p>
            )}
          </div>
        ) : (
          <FormField label={t('prompts:placeholders.default')} error={message(errors?.defaultValue)}>
            {type === 'select' ? (
              <Select
                {...register(`${prefix}.defaultValue`)}
                options={[
                  { value: '', label: t('prompts:placeholders.noDefault') },
                  ...options.map((option) => ({ value: option, label: option })),
                ]}
              />
            ) : type === 'longText' ? (
              <Textarea rows={2} maxLength={PLACEHOLDER_DEFAULT_MAX_LENGTH} {...register(`${prefix}.defaultValue`)} />
            ) : (
              <Input
                type={type === 'number' ? 'number' : type === 'date' ? 'date' : 'text'}
                autoComplete="off"
                maxLength={type === 'text' ? PLACEHOLDER_DEFAULT_MAX_LENGTH : undefined}
                {...register(`${prefix}.defaultValue`)}
              />
            )}
          </FormField>
        )}
        <div className="flex items-end pb-2">
          <Checkbox label={t('prompts:placeholders.required')} {...register(`${prefix}.required`)} />
        </div>
      </div>
      {unused && (
        <div className="mt-3 flex flex-wrap gap-2 border-t border-neutral-200 pt-3">
          {isPlaceholderName(name) && (
            <Button variant="outline" color="neutral" size="xs" icon={TextCursorInput} onClick={() => onInsert(name)}>
              {t('prompts:placeholders.insert', { name })}
            </Button>
          )}
          <Button variant="ghost" color="danger" size="xs" icon={Trash2} onClick={onRemove}>
            {t('prompts:placeholders.remove')}
          </Button>
        </div>
      )}
    </fieldset>
  );
}
