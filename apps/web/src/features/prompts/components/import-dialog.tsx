import { CircleAlert, FileJson, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/toaster/toast-store.ts';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogClose } from '@/components/ui/dialog.tsx';
import { errorMessageKey, isApiError } from '@/lib/api-client.ts';
import { useImportPromptLibrary } from '../api/import-prompt-library.ts';
import { locateProblem, readLibraryFile, type ImportCheck, type ImportProblem } from '../utils/import-file.ts';

export interface ImportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function ProblemLocation({ problem }: { problem: ImportProblem }) {
  const { t } = useTranslation('prompts');
  const parts: string[] = [];
  if (problem.prompt) {
    parts.push(
      problem.prompt.title
        ? t('prompts:import.atPromptTitled', { number: problem.prompt.index + 1, title: problem.prompt.title })
        : t('prompts:import.atPrompt', { number: problem.prompt.index + 1 }),
    );
  }
  if (problem.category) {
    parts.push(
      problem.category.name
        ? t('prompts:import.atCategoryNamed', { number: problem.category.index + 1, name: problem.category.name })
        : t('prompts:import.atCategory', { number: problem.category.index + 1 }),
    );
  }
  if (problem.placeholder) {
    parts.push(t('prompts:import.atPlaceholder', { number: problem.placeholder.index + 1 }));
  }
  if (problem.field) parts.push(t('prompts:import.atField', { field: problem.field }));
  if (parts.length === 0) return null;
  return <span className="font-medium text-neutral-900">{parts.join(' › ')}: </span>;
}

/**
 * Adds a library file (this product's JSON format) to the library. The file is checked in the browser
 * first; a bad file is explained and nothing is sent. The server checks it again and writes all or nothing.
 */
export function ImportDialog({ open, onOpenChange }: ImportDialogProps) {
  const { t } = useTranslation(['prompts', 'errors']);
  const importLibrary = useImportPromptLibrary();
  const [check, setCheck] = useState<ImportCheck | null>(null);
  const [fileName, setFileName] = useState('');
  const [serverError, setServerError] = useState<{ message: string; problems: ImportProblem[] } | null>(null);
  const inputId = useId();

  function reset() {
    setCheck(null);
    setFileName('');
    setServerError(null);
    importLibrary.reset();
  }

  async function choose(file: File | undefined) {
    setServerError(null);
    if (!file) return;
    setFileName(file.name);
    setCheck(await readLibraryFile(file));
  }

  async function confirm() {
    if (!check?.ok) return;
    try {
      const result = await importLibrary.mutateAsync(check.file);
      toast.add({
        title: t('prompts:import.done', { count: result.prompts }),
        description: t('prompts:import.doneCategories', { count: result.categories, merged: result.mergedCategories }),
        color: 'success',
        icon: Upload,
      });
      reset();
      onOpenChange(false);
    } catch (error) {
      const problems =
        isApiError(error) && error.fields
          ? Object.entries(error.fields).map(([path, key]) =>
              locateProblem(
                check.file,
                path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
                key.includes(':') ? key : 'prompts:import.invalidValue',
              ),
            )
          : [];
      setServerError({ message: errorMessageKey(error), problems });
    }
  }

  const problems = check && !check.ok ? check.problems : (serverError?.problems ?? []);
  const summary = check?.ok
    ? {
        prompts: check.file.prompts.length,
        categories: check.file.categories.length,
      }
    : null;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
      title={t('prompts:import.title')}
      description={t('prompts:import.description')}
      size="lg"
      footer={
        <>
          <DialogClose asChild>
            <Button variant="outline" color="neutral">
              {t('prompts:actions.cancel')}
            </Button>
          </DialogClose>
          <Button icon={Upload} disabled={!check?.ok} loading={importLibrary.isPending} onClick={() => void confirm()}>
            {t('prompts:import.confirm')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={inputId} className="text-sm font-medium text-neutral-800">
            {t('prompts:import.file')}
          </label>
          <input
            id={inputId}
            type="file"
            accept="application/json,.json"
            data-testid="import-file"
            onChange={(event) => void choose(event.target.files?.[0])}
            className="block w-full text-sm text-neutral-700 file:mr-3 file:rounded-lg file:border-0 file:bg-primary-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-primary-700 hover:file:bg-primary-100"
          />
        </div>

        {summary && !serverError && (
          <p role="status" className="flex items-start gap-2 rounded-lg bg-green-50 p-3 text-sm text-green-900">
            <FileJson aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t('prompts:import.ready', {
              file: fileName,
              prompts: t('prompts:import.promptCount', { count: summary.prompts }),
              categories: t('prompts:import.categoryCount', { count: summary.categories }),
            })}
          </p>
        )}

        {(check?.ok === false || serverError) && (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
            <p className="flex items-start gap-2 font-semibold">
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {serverError ? t(serverError.message) : t('prompts:import.invalid', { file: fileName })}
            </p>
            {problems.length > 0 && (
              <ul className="mt-2 list-disc space-y-1 pl-9 text-red-800">
                {problems.map((problem, index) => (
                  <li key={index}>
                    <ProblemLocation problem={problem} />
                    {t(problem.message)}
                  </li>
                ))}
              </ul>
            )}
            {check?.ok === false && check.more > 0 && (
              <p className="mt-2 pl-6 text-red-800">{t('prompts:import.more', { count: check.more })}</p>
            )}
            <p className="mt-2 pl-6 text-red-800">{t('prompts:import.nothingChanged')}</p>
          </div>
        )}
      </div>
    </Dialog>
  );
}
