import type { PromptCategory } from '@compliance/shared/prompts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/toaster/toast-store.ts';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogClose } from '@/components/ui/dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Select } from '@/components/ui/select.tsx';
import { useDeletePromptCategory } from '../api/delete-prompt-category.ts';

export interface DeleteCategoryDialogProps {
  category: PromptCategory | null;
  categories: PromptCategory[];
  onOpenChange: (open: boolean) => void;
  onDeleted: (category: PromptCategory) => void;
}

const NO_CATEGORY = '';

/** Deleting a category asks what happens to its prompts: move them elsewhere, or delete them too. */
export function DeleteCategoryDialog({ category, categories, onOpenChange, onDeleted }: DeleteCategoryDialogProps) {
  const { t } = useTranslation('prompts');
  const remove = useDeletePromptCategory();
  const [mode, setMode] = useState<'move' | 'delete'>('move');
  const [target, setTarget] = useState(NO_CATEGORY);
  const groupId = useId();
  const count = category?.promptCount ?? 0;
  const others = categories.filter((other) => other.id !== category?.id);

  async function confirm() {
    if (!category) return;
    await remove.mutateAsync({
      id: category.id,
      prompts: mode,
      ...(mode === 'move' && target !== NO_CATEGORY ? { targetCategoryId: target } : {}),
    });
    toast.add({ title: t('prompts:deleteCategory.done', { name: category.name }), color: 'success' });
    onDeleted(category);
    onOpenChange(false);
  }

  return (
    <Dialog
      open={category !== null}
      onOpenChange={(open) => {
        if (!open) {
          setMode('move');
          setTarget(NO_CATEGORY);
        }
        onOpenChange(open);
      }}
      title={t('prompts:deleteCategory.title', { name: category?.name ?? '' })}
      description={count === 0 ? t('prompts:deleteCategory.empty') : t('prompts:deleteCategory.question', { count })}
      size="md"
      footer={
        <>
          <DialogClose asChild>
            <Button variant="outline" color="neutral">
              {t('prompts:actions.cancel')}
            </Button>
          </DialogClose>
          <Button color="danger" loading={remove.isPending} onClick={() => void confirm().catch(() => undefined)}>
            {t(
              count > 0 && mode === 'delete'
                ? 'prompts:deleteCategory.confirmWithPrompts'
                : 'prompts:deleteCategory.confirm',
              { count },
            )}
          </Button>
        </>
      }
    >
      {count > 0 && (
        <fieldset className="flex flex-col gap-3">
          <legend className="sr-only">{t('prompts:deleteCategory.legend', { count })}</legend>
          <div className="rounded-lg border border-neutral-200 p-3">
            <label className="flex cursor-pointer items-start gap-2.5 text-sm font-medium text-neutral-800">
              <input
                type="radio"
                name={groupId}
                className="mt-0.5 size-4 accent-primary-600"
                checked={mode === 'move'}
                onChange={() => setMode('move')}
              />
              {t('prompts:deleteCategory.move', { count })}
            </label>
            {mode === 'move' && (
              <FormField label={t('prompts:deleteCategory.target')} className="mt-3 pl-6.5">
                <Select
                  value={target}
                  onChange={(event) => setTarget(event.target.value)}
                  options={[
                    { value: NO_CATEGORY, label: t('prompts:categories.none') },
                    ...others.map((other) => ({ value: other.id, label: other.name })),
                  ]}
                />
              </FormField>
            )}
          </div>
          <label className="flex cursor-pointer items-start gap-2.5 rounded-lg border border-neutral-200 p-3 text-sm font-medium text-neutral-800">
            <input
              type="radio"
              name={groupId}
              className="mt-0.5 size-4 accent-red-600"
              checked={mode === 'delete'}
              onChange={() => setMode('delete')}
            />
            <span>
              {t('prompts:deleteCategory.delete', { count })}
              <span className="mt-0.5 block text-xs font-normal text-neutral-500">
                {t('prompts:deleteCategory.deleteHint')}
              </span>
            </span>
          </label>
        </fieldset>
      )}
    </Dialog>
  );
}
