import { localizedNamesSchema, type LocalizedNames, type LocalizedNamesInput } from '@compliance/shared/knowledge';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogClose } from '@/components/ui/dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { errorMessageKey } from '@/lib/api-client.ts';
import { locales } from '@compliance/shared/locales';

const schema = z.object({ names: localizedNamesSchema });
type Values = z.input<typeof schema>;
const languages = locales;

export interface NamesDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  initial?: LocalizedNames;
  onSubmit: (names: LocalizedNamesInput) => Promise<unknown>;
}

/** Name of a function or resource type in the four languages (English required). */
export function NamesDialog({ open, onOpenChange, title, initial, onSubmit }: NamesDialogProps) {
  const { t } = useTranslation(['knowledge', 'errors']);
  const form = useForm<Values>({ resolver: zodResolver(schema) });
  const { reset } = form;
  useEffect(() => {
    if (open) reset({ names: initial ?? { en: '', de: '', fr: '', it: '' } });
  }, [open, initial, reset]);
  const submit = form.handleSubmit(async ({ names }) => {
    try {
      await onSubmit(names);
      onOpenChange(false);
    } catch (error) {
      form.setError('root', { message: errorMessageKey(error) });
    }
  });
  const rootError = form.formState.errors.root?.message;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="outline" color="neutral">
              {t('knowledge:actions.cancel')}
            </Button>
          </DialogClose>
          <Button type="submit" form="kb-names-form" loading={form.formState.isSubmitting}>
            {t('knowledge:actions.save')}
          </Button>
        </>
      }
    >
      <form id="kb-names-form" noValidate onSubmit={submit} className="flex flex-col gap-3">
        {languages.map((language) => {
          const error = form.formState.errors.names?.[language]?.message;
          return (
            <FormField
              key={language}
              label={t(`knowledge:names.${language}`)}
              required={language === 'en'}
              error={error ? t(error) : undefined}
            >
              <Input autoComplete="off" {...form.register(`names.${language}`)} />
            </FormField>
          );
        })}
        {rootError && (
          <p role="alert" className="text-sm text-red-700">
            {t(rootError)}
          </p>
        )}
      </form>
    </Dialog>
  );
}
