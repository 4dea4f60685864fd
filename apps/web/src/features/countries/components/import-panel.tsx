import type { CountryImportInput, ImportDiff } from '@compliance/shared/countries';
import { importProblems } from '@compliance/shared/countries';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCheck, CircleAlert, FileSearch, X } from 'lucide-react';
import { useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { toast } from '@/components/toaster/toast-store.ts';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardBody, CardFooter, CardHeader } from '@/components/ui/card.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Select } from '@/components/ui/select.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { errorMessageKey, isApiError } from '@/lib/api-client.ts';
import { useApplyCountryImport } from '../api/apply-country-import.ts';
import { usePreviewCountryImport } from '../api/preview-country-import.ts';
import { ImportDiffView } from './import-diff.tsx';

const required = 'countries:admin.required';
const importFormSchema = z.object({
  format: z.enum(['csv', 'json']),
  content: z.string().trim().min(1, required),
  effectiveDate: z.iso.date(required),
  sourceNote: z.string().trim().min(1, required).max(1000),
});
type ImportForm = z.infer<typeof importFormSchema>;

function problemText(t: (key: string, options?: Record<string, unknown>) => string, line: string, problem: string) {
  const known = (importProblems as readonly string[]).includes(problem);
  const text = known ? t(`countries:admin.problems.${problem}`) : problem;
  return line === 'file'
    ? t('countries:admin.problemFile', { problem: text })
    : t('countries:admin.problemLine', { line, problem: text });
}

/** Import a whole new list: upload or paste, see the differences, then apply them in one step. */
export function ImportPanel() {
  const { t } = useTranslation(['countries', 'errors']);
  const preview = usePreviewCountryImport();
  const apply = useApplyCountryImport();
  const [previewed, setPreviewed] = useState<{ input: CountryImportInput; diff: ImportDiff } | null>(null);
  const [failure, setFailure] = useState<{ message: string; problems: Array<[string, string]> } | null>(null);
  const form = useForm<ImportForm>({
    resolver: zodResolver(importFormSchema),
    defaultValues: { format: 'csv', content: '', effectiveDate: '', sourceNote: '' },
  });
  const { errors } = form.formState;

  const showFailure = (error: unknown) => {
    const problems =
      isApiError(error) && error.code === 'COUNTRY_IMPORT_INVALID' ? Object.entries(error.fields ?? {}) : [];
    setFailure({ message: t(errorMessageKey(error)), problems });
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const text = await file.text();
    form.setValue('content', text, { shouldValidate: true });
    form.setValue('format', file.name.toLowerCase().endsWith('.json') ? 'json' : 'csv');
  };

  const onPreview = form.handleSubmit(async (values) => {
    setFailure(null);
    setPreviewed(null);
    try {
      const diff = await preview.mutateAsync(values);
      setPreviewed({ input: values, diff });
    } catch (error) {
      showFailure(error);
    }
  });

  const onApply = async () => {
    if (!previewed) return;
    setFailure(null);
    try {
      await apply.mutateAsync({ ...previewed.input, baseVersion: previewed.diff.baseVersion });
      toast.add({ title: t('countries:admin.applied'), color: 'success', icon: CheckCheck });
      setPreviewed(null);
      form.reset();
    } catch (error) {
      showFailure(error);
      if (isApiError(error) && error.code === 'COUNTRY_IMPORT_STALE') setPreviewed(null);
    }
  };

  return (
    <Card>
      <CardHeader title={t('countries:admin.importTitle')} description={t('countries:admin.importDescription')} />
      <form noValidate aria-label={t('countries:admin.importTitle')} onSubmit={(event) => void onPreview(event)}>
        <CardBody className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <FormField label={t('countries:admin.format')}>
            <Select
              {...form.register('format')}
              options={[
                { value: 'csv', label: t('countries:admin.formatCsv') },
                { value: 'json', label: t('countries:admin.formatJson') },
              ]}
            />
          </FormField>
          <FormField label={t('countries:admin.file')} hint={t('countries:admin.fileHint')}>
            <Input type="file" accept=".csv,.json,text/csv,application/json" onChange={(event) => void onFile(event)} />
          </FormField>
          <FormField
            className="md:col-span-2"
            label={t('countries:admin.content')}
            hint={t('countries:admin.contentHint')}
            required
            error={errors.content?.message && t(errors.content.message)}
          >
            <Textarea rows={6} className="font-mono text-xs" spellCheck={false} {...form.register('content')} />
          </FormField>
          <FormField
            label={t('countries:admin.effectiveDate')}
            required
            error={errors.effectiveDate?.message && t(errors.effectiveDate.message)}
          >
            <Input type="date" {...form.register('effectiveDate')} />
          </FormField>
          <FormField
            label={t('countries:admin.sourceNote')}
            hint={t('countries:admin.sourceNoteHint')}
            required
            error={errors.sourceNote?.message && t(errors.sourceNote.message)}
          >
            <Input {...form.register('sourceNote')} />
          </FormField>
          {failure && (
            <div
              role="alert"
              className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 md:col-span-2"
            >
              <p className="flex items-center gap-2 font-medium">
                <CircleAlert aria-hidden="true" className="size-4" />
                {failure.message}
              </p>
              {failure.problems.length > 0 && (
                <ul className="mt-2 list-disc space-y-0.5 pl-6">
                  {failure.problems.map(([line, problem]) => (
                    <li key={line}>{problemText(t, line, problem)}</li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </CardBody>
        <CardFooter>
          <Button type="submit" icon={FileSearch} loading={preview.isPending}>
            {t('countries:admin.preview')}
          </Button>
        </CardFooter>
      </form>
      {previewed && (
        <section aria-labelledby="import-diff-title" className="border-t border-neutral-200">
          <CardBody className="space-y-4 bg-neutral-50">
            <h3 id="import-diff-title" className="text-base font-semibold text-neutral-900">
              {t('countries:admin.diffTitle')}
            </h3>
            <ImportDiffView diff={previewed.diff} />
          </CardBody>
          <CardFooter>
            <Button variant="ghost" color="neutral" icon={X} onClick={() => setPreviewed(null)}>
              {t('countries:admin.discard')}
            </Button>
            <Button icon={CheckCheck} loading={apply.isPending} onClick={() => void onApply()}>
              {t('countries:admin.apply')}
            </Button>
          </CardFooter>
        </section>
      )}
    </Card>
  );
}
