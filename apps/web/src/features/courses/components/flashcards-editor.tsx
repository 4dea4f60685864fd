import type { FlashcardContent, LessonContent } from '@compliance/shared/courses';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field.tsx';
import { Select } from '@/components/ui/select.tsx';
import { moveItem, removeAt, replaceAt } from '../utils/list-edits.ts';
import { IssueText } from './course-issues.tsx';
import { AddItemButton, ItemActions } from './item-actions.tsx';
import { LocalizedTextFields } from './localized-markdown-field.tsx';
import { SourceField } from './source-field.tsx';

const same = (text: string) => ({ en: text, de: text, fr: text, it: text });

/** An id not yet used in the lesson: <lesson>-card-<n> (ids stay once learners have reviewed a card). */
function freeCardId(lesson: LessonContent, taken: ReadonlySet<string>): string {
  let n = lesson.flashcards.length + 1;
  while (taken.has(`${lesson.slug}-card-${n}`)) n += 1;
  return `${lesson.slug}-card-${n}`;
}

/** A lesson's flashcards as forms: basic (front and back) or cloze ({{c1::…}}), in four languages each. */
export function FlashcardsEditor({
  lesson,
  lessonIndex,
  takenIds,
  onChange,
}: {
  lesson: LessonContent;
  /** The lesson's place in the course, for the paths of the server's errors. */
  lessonIndex: number;
  /** Every card, question and essay id of the course (ids are unique across it). */
  takenIds: ReadonlySet<string>;
  onChange: (flashcards: FlashcardContent[]) => void;
}) {
  const { t } = useTranslation('courses');
  const replace = (index: number, card: FlashcardContent) => onChange(replaceAt(lesson.flashcards, index, card));
  return (
    <section aria-labelledby={`cards-${lesson.slug}`} className="space-y-4">
      <h3 id={`cards-${lesson.slug}`} className="font-semibold text-neutral-900">
        {t('courses:editor.cards', { count: lesson.flashcards.length })}
      </h3>
      <ol className="space-y-4">
        {lesson.flashcards.map((card, index) => {
          const path = `lessons.${lessonIndex}.flashcards.${index}`;
          return (
            <li
              key={card.id}
              className="space-y-3 rounded-xl border border-neutral-200 p-4"
              aria-label={t('courses:editor.card', { number: index + 1 })}
            >
              <div className="flex flex-wrap items-end gap-3">
                <FormField label={t('courses:editor.cardKind', { number: index + 1 })} className="w-48 max-w-full">
                  <Select
                    value={card.kind}
                    onChange={(event) => {
                      const kind = event.target.value as FlashcardContent['kind'];
                      if (kind === card.kind) return;
                      replace(
                        index,
                        kind === 'cloze'
                          ? {
                              id: card.id,
                              kind: 'cloze',
                              text: card.kind === 'basic' ? card.front : same('{{c1::…}}'),
                              source: card.source,
                            }
                          : {
                              id: card.id,
                              kind: 'basic',
                              front: card.kind === 'cloze' ? card.text : same(''),
                              back: same(''),
                              source: card.source,
                            },
                      );
                    }}
                    options={[
                      { value: 'basic', label: t('courses:editor.kindBasic') },
                      { value: 'cloze', label: t('courses:editor.kindCloze') },
                    ]}
                  />
                </FormField>
                <span className="min-w-0 flex-1 truncate pb-2 text-xs text-neutral-500">{card.id}</span>
                <ItemActions
                  index={index}
                  count={lesson.flashcards.length}
                  onMove={(delta) => onChange(moveItem(lesson.flashcards, index, delta))}
                  onRemove={() => onChange(removeAt(lesson.flashcards, index))}
                  labels={{
                    up: t('courses:editor.moveCardUp', { number: index + 1 }),
                    down: t('courses:editor.moveCardDown', { number: index + 1 }),
                    remove: t('courses:editor.removeCard', { number: index + 1 }),
                  }}
                />
              </div>
              <IssueText path={path} />
              {card.kind === 'basic' ? (
                <>
                  <LocalizedTextFields
                    label={t('courses:cards.front')}
                    value={card.front}
                    path={`${path}.front`}
                    onChange={(front) => replace(index, { ...card, front })}
                  />
                  <LocalizedTextFields
                    label={t('courses:cards.back')}
                    value={card.back}
                    path={`${path}.back`}
                    onChange={(back) => replace(index, { ...card, back })}
                  />
                </>
              ) : (
                <>
                  <LocalizedTextFields
                    label={t('courses:editor.clozeText')}
                    value={card.text}
                    path={`${path}.text`}
                    onChange={(text) => replace(index, { ...card, text })}
                  />
                  <p className="text-xs text-neutral-500">{t('courses:editor.clozeHint', { example: '{{c1::…}}' })}</p>
                </>
              )}
              <SourceField
                label={t('courses:editor.source')}
                value={card.source}
                path={`${path}.source`}
                onChange={(source) => replace(index, { ...card, source })}
              />
            </li>
          );
        })}
      </ol>
      <AddItemButton
        onClick={() =>
          onChange([
            ...lesson.flashcards,
            { id: freeCardId(lesson, takenIds), kind: 'basic', front: same(''), back: same('') },
          ])
        }
      >
        {t('courses:editor.addCard')}
      </AddItemButton>
    </section>
  );
}
