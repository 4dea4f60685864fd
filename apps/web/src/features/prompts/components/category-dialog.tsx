import {
  PROMPT_CATEGORY_DESCRIPTION_MAX_LENGTH,
  PROMPT_CATEGORY_NAME_MAX_LENGTH,
  promptCategoryIcons,
  promptCategoryInputSchema,
  type PromptCategory,
  type PromptCategoryInput,
} from '@compliance/shared/prompts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogClose } from '@/components/ui/dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { errorMessageKey, isApiError } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { useCreatePromptCategory } from '../api/create-prompt-category.ts';
import { useUpdatePromptCategory } from '../api/update-prompt-category.ts';
import { categoryIcons } from './category-icon.tsx';

export type CategoryDialogTarget = { kind: 'create' } | { kind: 'edit'; category: PromptCategory };

export interface CategoryDialogProps {
  target: CategoryDialogTarget | null;
  onOpenChange: (open: boolean) => void;
  onSaved?: (category: PromptCategory) => void;
}

/** Create a category, or rename it and change its icon or description. */
export function CategoryDialog({ target, onOpenChange, onSaved }: CategoryDialogProps) {
  const { t } = useTranslation('prompts');
  const formId = useId();
  return (
    <Dialog
      open={target !== null}
      onOpenChange={onOpenChange}
      title={t(target?.kind === 'edit' ? 'prompts:categoryDialog.editTitle' : 'prompts:categoryDialog.createTitle')}
      size="md"
      footer={
        <>
          <DialogClose asChild>
            <Button variant="outline" color="neutral">
              {t('prompts:actions.cancel')}
            </Button>
          </DialogClose>
          <Button type="submit" form={formId}>
            {t(target?.kind === 'edit' ? 'prompts:categoryDialog.save' : 'prompts:categoryDialog.create')}
          </Button>
        </>
      }
    >
      {target && (
        <CategoryForm
          key={target.kind === 'edit' ? target.category.id : 'new'}
          formId={formId}
          target={target}
          onDone={(category) => {
            onSaved?.(category);
            onOpenChange(false);
          }}
        />
      )}
    </Dialog>
  );
}

function CategoryForm({
  formId,
  target,
  onDone,
}: {
  formId: string;
  target: CategoryDialogTarget;
  onDone: (category: PromptCategory) => void;
}) {
  const { t } = useTranslation(['prompts', 'errors']);
  const create = useCreatePromptCategory();
  const update = useUpdatePromptCategory();
  const form = useForm<PromptCategoryInput>({
    resolver: zodResolver(promptCategoryInputSchema),
    defaultValues:
      target.kind === 'edit'
        ? { name: target.category.name, icon: target.category.icon, description: target.category.description }
        : { name: '', icon: 'folder', description: '' },
  });
  const { errors } = form.formState;
  const selectedIcon = useWatch({ control: form.control, name: 'icon' });
  const iconLegendId = useId();

  const submit = form.handleSubmit(async (input) => {
    try {
      const saved =
        target.kind === 'edit'
          ? await update.mutateAsync({ ...input, id: target.category.id })
          : await create.mutateAsync(input);
      onDone(saved);
    } catch (error) {
      const code = isApiError(error) ? error.code : '';
      form.setError(code === 'PROMPT_CATEGORY_EXISTS' ? 'name' : 'root', { message: errorMessageKey(error) });
    }
  });

  return (
    <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-4">
      <FormField
        label={t('prompts:categoryDialog.name')}
        error={errors.name?.message && t(errors.name.message)}
        required
      >
        <Input autoComplete="off" maxLength={PROMPT_CATEGORY_NAME_MAX_LENGTH} {...form.register('name')} />
      </FormField>
      <fieldset aria-labelledby={iconLegendId}>
        <legend id={iconLegendId} className="mb-1.5 text-sm font-medium text-neutral-800">
          {t('prompts:categoryDialog.icon')}
        </legend>
        <div className="grid grid-cols-6 gap-1.5 sm:grid-cols-8">
          {promptCategoryIcons.map((icon) => {
            const Icon = categoryIcons[icon];
            return (
              <label
                key={icon}
                title={t(`prompts:icons.${icon}`)}
                className={cn(
                  'flex aspect-square cursor-pointer items-center justify-center rounded-lg border text-neutral-700 transition-colors',
                  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary-600',
                  selectedIcon === icon
                    ? 'border-primary-500 bg-primary-50 text-primary-700 ring-2 ring-primary-200'
                    : 'border-neutral-200 bg-white hover:bg-neutral-50',
                )}
              >
                <input type="radio" value={icon} className="sr-only" {...form.register('icon')} />
                <Icon aria-hidden="true" className="size-5" />
                <span className="sr-only">{t(`prompts:icons.${icon}`)}</span>
              </label>
            );
          })}
        </div>
      </fieldset>
      <FormField
        label={t('prompts:categoryDialog.description')}
        hint={t('prompts:categoryDialog.descriptionHint')}
        error={errors.description?.message && t(errors.description.message)}
      >
        <Textarea rows={2} maxLength={PROMPT_CATEGORY_DESCRIPTION_MAX_LENGTH} {...form.register('description')} />
      </FormField>
      {errors.root?.message && (
        <p role="alert" className="text-sm text-red-700">
          {t(errors.root.message)}
        </p>
      )}
    </form>
  );
}
