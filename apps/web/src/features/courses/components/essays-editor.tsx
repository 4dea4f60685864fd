import type { CourseContent, EssayContent } from '@compliance/shared/courses';
import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { entryEdits, removeAt, replaceAt } from '../utils/list-edits.ts';
import { newConcept, newCriterion, newEssay, newMisconception } from '../utils/course-template.ts';
import { IssueText } from './course-issues.tsx';
import { AddItemButton, ItemActions } from './item-actions.tsx';
import { LocalizedListFields } from './localized-list-field.tsx';
import { LocalizedTextFields } from './localized-markdown-field.tsx';
import { NumberField } from './number-field.tsx';
import { SourceField } from './source-field.tsx';

type Criterion = EssayContent['criteria'][number];
type Concept = Criterion['concepts'][number];

const MAX_CRITERIA = 8;
const MAX_CONCEPTS = 10;
const MAX_ESSAYS = 10;

/** One expected concept: what the learner shows, the words that show it, the misconceptions and the source. */
function ConceptForm({
  concept,
  index,
  count,
  path,
  onChange,
  onMove,
  onRemove,
}: {
  concept: Concept;
  index: number;
  count: number;
  path: string;
  onChange: (concept: Concept) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('courses');
  const number = index + 1;
  return (
    <li aria-label={t('courses:editor.concept', { number })} className="space-y-4 rounded-lg bg-neutral-50 p-3 sm:p-4">
      <div className="flex items-center gap-3">
        <h5 className="min-w-0 flex-1 text-sm font-semibold text-neutral-900">
          {t('courses:editor.concept', { number })}
          <span className="ml-2 text-xs font-normal text-neutral-500">{concept.id}</span>
        </h5>
        <ItemActions
          index={index}
          count={count}
          minCount={1}
          onMove={onMove}
          onRemove={onRemove}
          labels={{
            up: t('courses:editor.moveConceptUp', { number }),
            down: t('courses:editor.moveConceptDown', { number }),
            remove: t('courses:editor.removeConcept', { number }),
          }}
        />
      </div>
      <IssueText path={path} />
      <LocalizedTextFields
        label={t('courses:editor.conceptLabel')}
        multiline
        value={concept.label}
        path={`${path}.label`}
        onChange={(label) => onChange({ ...concept, label })}
      />
      <LocalizedListFields
        label={t('courses:editor.terms')}
        hint={t('courses:editor.termsHint')}
        value={concept.terms}
        path={`${path}.terms`}
        onChange={(terms) => onChange({ ...concept, terms })}
      />
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-neutral-800">{t('courses:editor.misconceptions')}</legend>
        <p className="text-xs text-neutral-500">{t('courses:editor.misconceptionsHint')}</p>
        {concept.misconceptions.length > 0 && (
          <ol className="space-y-3">
            {concept.misconceptions.map((misconception, position) => {
              const entry = position + 1;
              const change = (next: Concept['misconceptions'][number]) =>
                onChange({ ...concept, misconceptions: replaceAt(concept.misconceptions, position, next) });
              return (
                <li
                  // Misconceptions have no id and are not reordered: their place is their identity.
                  key={position}
                  aria-label={t('courses:editor.misconception', { number: entry })}
                  className="space-y-3 rounded-lg border border-neutral-200 bg-white p-3"
                >
                  <div className="flex items-center gap-3">
                    <h6 className="flex-1 text-sm font-medium text-neutral-900">
                      {t('courses:editor.misconception', { number: entry })}
                    </h6>
                    <Button
                      size="xs"
                      variant="ghost"
                      color="danger"
                      icon={Trash2}
                      aria-label={t('courses:editor.removeMisconception', { number: entry })}
                      title={t('courses:editor.removeMisconception', { number: entry })}
                      onClick={() =>
                        onChange({ ...concept, misconceptions: removeAt(concept.misconceptions, position) })
                      }
                    />
                  </div>
                  <LocalizedListFields
                    label={t('courses:editor.misconceptionTerms')}
                    value={misconception.terms}
                    path={`${path}.misconceptions.${position}.terms`}
                    onChange={(terms) => change({ ...misconception, terms })}
                  />
                  <LocalizedTextFields
                    label={t('courses:editor.correction')}
                    multiline
                    value={misconception.correction}
                    path={`${path}.misconceptions.${position}.correction`}
                    onChange={(correction) => change({ ...misconception, correction })}
                  />
                </li>
              );
            })}
          </ol>
        )}
        <AddItemButton
          onClick={() => onChange({ ...concept, misconceptions: [...concept.misconceptions, newMisconception()] })}
        >
          {t('courses:editor.addMisconception')}
        </AddItemButton>
      </fieldset>
      <SourceField
        label={t('courses:editor.source')}
        value={concept.source}
        path={`${path}.source`}
        onChange={(source) => onChange({ ...concept, source })}
      />
    </li>
  );
}

/** One rubric criterion: its title, weight and expected concepts. */
function CriterionForm({
  essay,
  criterion,
  index,
  path,
  onChange,
  onMove,
  onRemove,
}: {
  essay: EssayContent;
  criterion: Criterion;
  index: number;
  path: string;
  onChange: (criterion: Criterion) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('courses');
  const number = index + 1;
  const { concepts } = criterion;
  const setConcepts = (next: Concept[]) => onChange({ ...criterion, concepts: next });
  return (
    <li
      aria-label={t('courses:editor.criterion', { number })}
      className="space-y-4 rounded-xl border border-neutral-200 p-3 sm:p-4"
    >
      <div className="flex items-center gap-3">
        <h4 className="min-w-0 flex-1 font-semibold text-neutral-900">
          {t('courses:editor.criterion', { number })}
          <span className="ml-2 text-xs font-normal text-neutral-500">{criterion.id}</span>
        </h4>
        <ItemActions
          index={index}
          count={essay.criteria.length}
          minCount={1}
          onMove={onMove}
          onRemove={onRemove}
          labels={{
            up: t('courses:editor.moveCriterionUp', { number }),
            down: t('courses:editor.moveCriterionDown', { number }),
            remove: t('courses:editor.removeCriterion', { number }),
          }}
        />
      </div>
      <IssueText path={path} />
      <LocalizedTextFields
        label={t('courses:editor.criterionTitle')}
        value={criterion.title}
        path={`${path}.title`}
        onChange={(title) => onChange({ ...criterion, title })}
      />
      <NumberField
        label={t('courses:editor.weight')}
        value={criterion.weight}
        path={`${path}.weight`}
        min={0.5}
        max={10}
        step={0.5}
        onChange={(weight) => onChange({ ...criterion, weight })}
      />
      <section aria-label={t('courses:editor.concepts')} className="space-y-3">
        <h5 className="text-sm font-medium text-neutral-800">{t('courses:editor.concepts')}</h5>
        <IssueText path={`${path}.concepts`} />
        <ol className="space-y-3">
          {concepts.map((concept, position) => (
            <ConceptForm
              key={concept.id}
              concept={concept}
              index={position}
              count={concepts.length}
              path={`${path}.concepts.${position}`}
              {...entryEdits(concepts, setConcepts, position)}
            />
          ))}
        </ol>
        <AddItemButton
          disabled={concepts.length >= MAX_CONCEPTS}
          onClick={() => setConcepts([...concepts, newConcept(essay)])}
        >
          {t('courses:editor.addConcept')}
        </AddItemButton>
      </section>
    </li>
  );
}

/** One essay: the prompt, the word limits and the rubric's criteria. */
function EssayForm({
  essay,
  index,
  count,
  path,
  onChange,
  onMove,
  onRemove,
}: {
  essay: EssayContent;
  index: number;
  count: number;
  path: string;
  onChange: (essay: EssayContent) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('courses');
  const number = index + 1;
  const { criteria } = essay;
  const setCriteria = (next: Criterion[]) => onChange({ ...essay, criteria: next });
  return (
    <li aria-label={t('courses:editor.essay', { number })} className="space-y-4">
      <div className="flex items-center gap-3">
        <h3 className="min-w-0 flex-1 font-semibold text-neutral-900">
          {t('courses:editor.essay', { number })}
          <span className="ml-2 text-xs font-normal text-neutral-500">{essay.id}</span>
        </h3>
        <ItemActions
          index={index}
          count={count}
          onMove={onMove}
          onRemove={onRemove}
          labels={{
            up: t('courses:editor.moveEssayUp', { number }),
            down: t('courses:editor.moveEssayDown', { number }),
            remove: t('courses:editor.removeEssay', { number }),
          }}
        />
      </div>
      <IssueText path={path} />
      <LocalizedTextFields
        label={t('courses:editor.essayPrompt')}
        multiline
        value={essay.prompt}
        path={`${path}.prompt`}
        onChange={(prompt) => onChange({ ...essay, prompt })}
      />
      <div className="flex flex-wrap gap-4">
        <NumberField
          label={t('courses:editor.minWords')}
          value={essay.minWords}
          path={`${path}.minWords`}
          min={10}
          max={2000}
          onChange={(minWords) => onChange({ ...essay, minWords })}
        />
        <NumberField
          label={t('courses:editor.maxWords')}
          value={essay.maxWords}
          path={`${path}.maxWords`}
          min={20}
          max={3000}
          onChange={(maxWords) => onChange({ ...essay, maxWords })}
        />
      </div>
      <section aria-label={t('courses:editor.criteria', { count: criteria.length })} className="space-y-3">
        <h4 className="text-sm font-semibold text-neutral-900">
          {t('courses:editor.criteria', { count: criteria.length })}
        </h4>
        <p className="text-xs text-neutral-500">{t('courses:editor.criteriaHint')}</p>
        <IssueText path={`${path}.criteria`} />
        <ol className="space-y-4">
          {criteria.map((criterion, position) => (
            <CriterionForm
              key={criterion.id}
              essay={essay}
              criterion={criterion}
              index={position}
              path={`${path}.criteria.${position}`}
              {...entryEdits(criteria, setCriteria, position)}
            />
          ))}
        </ol>
        <AddItemButton
          disabled={criteria.length >= MAX_CRITERIA}
          onClick={() => setCriteria([...criteria, newCriterion(essay)])}
        >
          {t('courses:editor.addCriterion')}
        </AddItemButton>
      </section>
    </li>
  );
}

/** The course's essays with their rubrics: criteria with weights, expected concepts, misconceptions, sources. */
export function EssaysEditor({
  course,
  takenIds,
  onChange,
}: {
  course: CourseContent;
  /** Every card, question and essay id of the course (ids are unique across it). */
  takenIds: ReadonlySet<string>;
  onChange: (essays: EssayContent[]) => void;
}) {
  const { t } = useTranslation('courses');
  const { essays } = course;
  return (
    <section
      aria-labelledby="editor-essays"
      className="space-y-4 rounded-2xl border border-neutral-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div>
        <h2 id="editor-essays" className="font-semibold text-neutral-900">
          {t('courses:editor.essays')}
        </h2>
        <p className="text-xs text-neutral-500">{t('courses:editor.essaysHint')}</p>
      </div>
      {essays.length > 0 && (
        <ol className="space-y-8">
          {essays.map((essay, index) => (
            <EssayForm
              key={essay.id}
              essay={essay}
              index={index}
              count={essays.length}
              path={`essays.${index}`}
              {...entryEdits(essays, onChange, index)}
            />
          ))}
        </ol>
      )}
      <AddItemButton
        disabled={essays.length >= MAX_ESSAYS}
        onClick={() => onChange([...essays, newEssay(course, takenIds)])}
      >
        {t('courses:editor.addEssay')}
      </AddItemButton>
    </section>
  );
}
