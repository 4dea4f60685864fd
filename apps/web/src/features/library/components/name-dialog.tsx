import { fileNameSchema, folderNameSchema } from '@compliance/shared/documents';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogClose } from '@/components/ui/dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { errorMessageKey, isApiError } from '@/lib/api-client.ts';

const formSchemas = {
  folder: z.object({ name: folderNameSchema }),
  file: z.object({ name: fileNameSchema }),
};
type FormValues = { name: string };

/** Server answers shown on the name field rather than above the form. */
const fieldCodes = new Set([
  'FOLDER_NAME_REQUIRED',
  'FOLDER_NAME_INVALID_CHARACTERS',
  'FOLDER_NAME_INVALID',
  'FOLDER_EXISTS',
  'FILE_EXISTS',
  'VALIDATION_FAILED',
]);

export interface NameDialogProps {
  /** What is named: a folder (the spec's folder-name rules) or a file. */
  kind: 'folder' | 'file';
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  submitLabel: string;
  initialName?: string;
  /** Saves the name; a rejected ApiError with a name code is shown on the field. */
  onSubmit: (name: string) => Promise<unknown>;
}

/** Create or rename a folder, or rename a file, validated with the same rules as the server. */
export function NameDialog({
  kind,
  open,
  onOpenChange,
  title,
  submitLabel,
  initialName = '',
  onSubmit,
}: NameDialogProps) {
  const { t } = useTranslation(['documents', 'errors']);
  const form = useForm<FormValues>({ resolver: zodResolver(formSchemas[kind]), defaultValues: { name: initialName } });
  const { reset } = form;
  const formId = useId();
  useEffect(() => {
    if (open) reset({ name: initialName });
  }, [open, initialName, reset]);

  const submit = form.handleSubmit(async ({ name }) => {
    try {
      await onSubmit(name);
      onOpenChange(false);
    } catch (error) {
      const code = isApiError(error) ? error.code : '';
      form.setError(fieldCodes.has(code) ? 'name' : 'root', { message: errorMessageKey(error) });
    }
  });

  const nameError = form.formState.errors.name?.message;
  const rootError = form.formState.errors.root?.message;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      size="sm"
      footer={
        <>
          <DialogClose asChild>
            <Button variant="outline" color="neutral">
              {t('documents:actions.cancel')}
            </Button>
          </DialogClose>
          <Button type="submit" form={formId} loading={form.formState.isSubmitting}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-3">
        <FormField
          label={t(kind === 'folder' ? 'documents:folderDialog.nameLabel' : 'documents:fileDialog.nameLabel')}
          error={nameError ? t(nameError) : undefined}
          required
        >
          <Input autoComplete="off" maxLength={200} {...form.register('name')} />
        </FormField>
        {rootError && (
          <p role="alert" className="text-sm text-red-700">
            {t(rootError)}
          </p>
        )}
      </form>
    </Dialog>
  );
}
