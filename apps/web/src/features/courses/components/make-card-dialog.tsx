import { courseNoteInputSchema } from '@compliance/shared/courses';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/toaster/toast-store.ts';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogClose } from '@/components/ui/dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { errorMessageKey, isApiError } from '@/lib/api-client.ts';
import { useCreateOwnCard } from '../api/notes.ts';

/**
 * Turns a note line into a flashcard: the line is the front, the rest of the note (or the quoted
 * passage) the back; both can be edited before the card is made.
 */
export function MakeCardDialog({
  slug,
  lesson,
  open,
  onOpenChange,
  initial,
}: {
  slug: string;
  lesson: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initial: { front: string; back: string };
}) {
  const { t } = useTranslation(['courses', 'ui', 'errors']);
  const create = useCreateOwnCard(slug);
  const [front, setFront] = useState(initial.front);
  const [back, setBack] = useState(initial.back);
  const [errors, setErrors] = useState<{ front?: string; back?: string }>({});
  const check = (value: string) => {
    if (!value.trim()) return t('courses:cards.sideRequired');
    const parsed = courseNoteInputSchema.shape.body.safeParse(value);
    return parsed.success ? undefined : t(parsed.error.issues[0]!.message);
  };
  const submit = () => {
    const next = { front: check(front), back: check(back) };
    setErrors(next);
    if (next.front || next.back) return;
    create.mutate(
      { lessonSlug: lesson, front: front.trim(), back: back.trim() },
      {
        onSuccess: () => {
          toast.add({ title: t('courses:cards.created'), color: 'success' });
          onOpenChange(false);
        },
        onError: (error) => {
          if (isApiError(error) && error.fields) setErrors({ front: error.fields.front, back: error.fields.back });
          else toast.add({ title: t(errorMessageKey(error)), color: 'danger' });
        },
      },
    );
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('courses:cards.makeTitle')}
      description={t('courses:cards.makeDescription')}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="outline" color="neutral">
              {t('ui:cancel')}
            </Button>
          </DialogClose>
          <Button loading={create.isPending} onClick={submit}>
            {t('courses:cards.make')}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <FormField label={t('courses:cards.front')} error={errors.front} required>
          <Textarea rows={2} value={front} onChange={(event) => setFront(event.target.value)} />
        </FormField>
        <FormField label={t('courses:cards.back')} error={errors.back} required>
          <Textarea rows={4} value={back} onChange={(event) => setBack(event.target.value)} />
        </FormField>
      </div>
    </Dialog>
  );
}
