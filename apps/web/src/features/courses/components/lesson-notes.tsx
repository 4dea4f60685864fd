import { COURSE_NOTE_MAX_LENGTH, type CourseNote } from '@compliance/shared/courses';
import { Layers, NotebookPen, Quote, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/toaster/toast-store.ts';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { errorMessageKey } from '@/lib/api-client.ts';
import { useCreateNote, useDeleteNote, useLessonNotes, useUpdateNote } from '../api/notes.ts';
import { useAutosave } from '../hooks/use-autosave.ts';
import { MakeCardDialog } from './make-card-dialog.tsx';

function NoteEditor({ slug, lesson, note, index }: { slug: string; lesson: string; note: CourseNote; index: number }) {
  const { t } = useTranslation(['courses', 'errors']);
  const update = useUpdateNote(slug, lesson);
  const remove = useDeleteNote(slug, lesson);
  const [body, setBody] = useState(note.body);
  const [confirming, setConfirming] = useState(false);
  const [making, setMaking] = useState(false);
  const autosave = useAutosave((value) => update.mutateAsync({ id: note.id, body: value }));
  const lines = body
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const cardDraft = {
    front: lines[0] ?? note.quote ?? '',
    back: lines.slice(1).join('\n') || note.quote || '',
  };
  const status =
    autosave.state === 'saving' || autosave.state === 'pending'
      ? t('courses:notes.saving')
      : autosave.state === 'saved'
        ? t('courses:notes.saved')
        : autosave.state === 'error'
          ? t(errorMessageKey(update.error))
          : '';
  return (
    <li className="rounded-lg border border-neutral-200 bg-white p-3">
      {note.quote && (
        <blockquote className="mb-2 flex gap-2 border-l-2 border-accent-400 pl-2 text-xs text-neutral-600 italic">
          <Quote aria-hidden="true" className="size-3 shrink-0" />
          <span>{note.quote}</span>
        </blockquote>
      )}
      <Textarea
        aria-label={t('courses:notes.noteLabel', { number: index + 1 })}
        rows={3}
        maxLength={COURSE_NOTE_MAX_LENGTH}
        value={body}
        placeholder={t('courses:notes.placeholder')}
        onChange={(event) => {
          setBody(event.target.value);
          autosave.change(event.target.value);
        }}
        onBlur={() => void autosave.flush()}
      />
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <span
          aria-live="polite"
          className={autosave.state === 'error' ? 'text-xs text-red-700' : 'text-xs text-neutral-500'}
        >
          {status}
        </span>
        <span className="flex-1" />
        <Button
          size="xs"
          variant="ghost"
          color="neutral"
          icon={Layers}
          disabled={!cardDraft.front}
          onClick={() => setMaking(true)}
        >
          {t('courses:notes.makeCard')}
        </Button>
        <Button
          size="xs"
          variant="ghost"
          color="danger"
          icon={Trash2}
          aria-label={t('courses:notes.delete', { number: index + 1 })}
          onClick={() => setConfirming(true)}
        />
      </div>
      {making && (
        <MakeCardDialog slug={slug} lesson={lesson} open={making} onOpenChange={setMaking} initial={cardDraft} />
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('courses:notes.deleteTitle')}
        description={t('courses:notes.deleteDescription')}
        confirmLabel={t('courses:notes.deleteConfirm')}
        pending={remove.isPending}
        onConfirm={() => remove.mutate(note.id, { onSuccess: () => setConfirming(false) })}
      />
    </li>
  );
}

/** The learner's private notes on a lesson, autosaved; a note can hold a quoted passage. */
export function LessonNotes({ slug, lesson, selection }: { slug: string; lesson: string; selection: string }) {
  const { t } = useTranslation(['courses', 'errors']);
  const notes = useLessonNotes(slug, lesson);
  const create = useCreateNote(slug, lesson);
  const add = (quote: string | null) =>
    create.mutate(
      { body: '', quote },
      { onError: (error) => toast.add({ title: t(errorMessageKey(error)), color: 'danger' }) },
    );
  return (
    <section aria-labelledby="lesson-notes" className="rounded-2xl border border-neutral-200 bg-neutral-50 p-4">
      <h2 id="lesson-notes" className="mb-1 flex items-center gap-2 text-base font-semibold text-neutral-900">
        <NotebookPen aria-hidden="true" className="size-4" />
        {t('courses:notes.title')}
      </h2>
      <p className="mb-3 text-xs text-neutral-500">{t('courses:notes.private')}</p>
      <div className="mb-3 flex flex-wrap gap-2">
        <Button size="xs" loading={create.isPending && !selection} onClick={() => add(null)}>
          {t('courses:notes.add')}
        </Button>
        <Button
          size="xs"
          variant="outline"
          color="neutral"
          icon={Quote}
          disabled={!selection}
          onClick={() => add(selection)}
        >
          {t('courses:notes.addOnSelection')}
        </Button>
      </div>
      {!selection && <p className="mb-3 text-xs text-neutral-500">{t('courses:notes.selectHint')}</p>}
      {notes.isPending ? (
        <Skeleton className="h-24" />
      ) : notes.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t(errorMessageKey(notes.error))}
        </p>
      ) : notes.data.notes.length === 0 ? (
        <p className="text-sm text-neutral-500">{t('courses:notes.empty')}</p>
      ) : (
        <ul className="space-y-3">
          {notes.data.notes.map((note, index) => (
            <NoteEditor key={note.id} slug={slug} lesson={lesson} note={note} index={index} />
          ))}
        </ul>
      )}
    </section>
  );
}
