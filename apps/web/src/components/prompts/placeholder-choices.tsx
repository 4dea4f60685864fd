import {
  joinMultiValue,
  splitMultiValue,
  type DocumentChoicesResponse,
  type Placeholder,
} from '@compliance/shared/prompts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FileText, Search } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { useFormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { api } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { promptQueryKeys } from './query-keys.ts';

/**
 * A multiple choice: one checkbox per option, as a group named by the placeholder's description
 * (the surrounding FormField's hint and error describe it; focus lands on its first box when it is invalid).
 */
export function MultiChoice({
  placeholder,
  value,
  onChange,
}: {
  placeholder: Placeholder;
  value: string;
  onChange: (value: string) => void;
}) {
  const field = useFormField();
  const chosen = splitMultiValue(value);
  const describedBy = [field?.hintId, field?.errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div
      id={field?.id}
      role="group"
      aria-label={placeholder.description}
      aria-describedby={describedBy}
      data-testid={`multi-choice-${placeholder.name}`}
      className={cn(
        'flex flex-col gap-2 rounded-lg border p-3',
        field?.invalid ? 'border-red-500' : 'border-neutral-200',
      )}
    >
      {placeholder.options.map((option) => (
        <Checkbox
          key={option}
          label={option}
          checked={chosen.includes(option)}
          aria-invalid={field?.invalid || undefined}
          onChange={(event) =>
            onChange(
              joinMultiValue(
                placeholder.options.filter((item) => (item === option ? event.target.checked : chosen.includes(item))),
              ),
            )
          }
        />
      ))}
    </div>
  );
}

function useDocumentChoices(q: string) {
  return useQuery({
    queryKey: [...promptQueryKeys.all, 'document-choices', q],
    queryFn: (): Promise<DocumentChoicesResponse> =>
      api.get(`/prompts/document-choices?${new URLSearchParams(q ? { q } : {}).toString()}`),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/**
 * A document of the user's own library (ready ones only): a search field and the matching
 * documents to choose from; once chosen, its name with a button to choose another. The value is
 * the document's id.
 */
export function DocumentChoice({
  value,
  onChange,
  initialName,
}: {
  value: string;
  onChange: (value: string, name: string) => void;
  /** The name of the document already chosen (when the form is shown again). */
  initialName?: string | undefined;
}) {
  const { t } = useTranslation('prompts');
  const field = useFormField();
  const [query, setQuery] = useState('');
  const [chosenName, setChosenName] = useState(initialName ?? '');
  const deferred = useDeferredValue(query.trim());
  const choices = useDocumentChoices(deferred);
  const listId = useId();

  if (value && chosenName) {
    return (
      <div
        id={field?.id}
        tabIndex={-1}
        aria-invalid={field?.invalid || undefined}
        className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-neutral-200 bg-neutral-50 px-3 py-2 outline-none aria-[invalid=true]:border-red-500"
      >
        <span className="flex items-center gap-2 text-sm text-neutral-900">
          <FileText aria-hidden="true" className="size-4 text-neutral-500" />
          <span className="sr-only">{t('prompts:use.documentChosen')}: </span>
          <span data-testid="chosen-document">{chosenName}</span>
        </span>
        <Button
          variant="outline"
          color="neutral"
          size="xs"
          onClick={() => {
            setChosenName('');
            onChange('', '');
          }}
        >
          {t('prompts:use.documentChange')}
        </Button>
      </div>
    );
  }

  const documents = choices.data?.documents ?? [];
  return (
    <div className="flex flex-col gap-2">
      <Input
        type="search"
        icon={Search}
        autoComplete="off"
        placeholder={t('prompts:use.documentSearch')}
        aria-controls={listId}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <div id={listId} aria-live="polite" className="max-h-48 overflow-y-auto rounded-lg border border-neutral-200">
        {choices.isPending ? (
          <p className="flex items-center gap-2 p-3 text-sm text-neutral-600">
            <Spinner size="sm" /> {t('prompts:use.documentLoading')}
          </p>
        ) : choices.isError ? (
          <p role="alert" className="p-3 text-sm text-red-700">
            {t('prompts:use.documentError')}
          </p>
        ) : documents.length === 0 ? (
          <p className="p-3 text-sm text-neutral-600">
            {deferred ? t('prompts:use.documentNone') : t('prompts:use.documentEmpty')}
          </p>
        ) : (
          <ul aria-label={t('prompts:use.documentResults')} className="divide-y divide-neutral-100">
            {documents.map((document) => (
              <li key={document.id}>
                <button
                  type="button"
                  className="flex w-full items-center gap-2 px-3 py-2 text-left text-sm text-neutral-800 hover:bg-primary-50 focus-visible:bg-primary-50 focus-visible:outline-none"
                  onClick={() => {
                    setChosenName(document.name);
                    onChange(document.id, document.name);
                  }}
                >
                  <FileText aria-hidden="true" className="size-4 shrink-0 text-neutral-500" />
                  <span className="truncate">{document.name}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
