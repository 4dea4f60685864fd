import { folderNameSchema } from '@compliance/shared/documents';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogClose } from '@/components/ui/dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { errorMessageKey, isApiError } from '@/lib/api-client.ts';

const formSchema = z.object({ name: folderNameSchema });
type FormValues = z.input<typeof formSchema>;

const fieldCodes = new Set([
  'FOLDER_NAME_REQUIRED',
  'FOLDER_NAME_INVALID_CHARACTERS',
  'FOLDER_NAME_INVALID',
  'FOLDER_EXISTS',
]);

export interface FolderNameDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  submitLabel: string;
  initialName?: string;
  /** Saves the name; a rejected ApiError with a folder-name code is shown on the field. */
  onSubmit: (name: string) => Promise<unknown>;
}

/** Create or rename a folder, validated with the spec's messages on the client and the server. */
export function FolderNameDialog({
  open,
  onOpenChange,
  title,
  submitLabel,
  initialName = '',
  onSubmit,
}: FolderNameDialogProps) {
  const { t } = useTranslation(['documents', 'errors']);
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: { name: initialName } });
  const { reset } = form;
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
          <Button type="submit" form="folder-name-form" loading={form.formState.isSubmitting}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id="folder-name-form" noValidate onSubmit={submit} className="flex flex-col gap-3">
        <FormField label={t('documents:folderDialog.nameLabel')} error={nameError ? t(nameError) : undefined} required>
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
