import { CircleAlert, CircleCheck, Upload } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardBody } from '@/components/ui/card.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { useFormatters } from '@/lib/format.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { useTestUpload } from '../api/test-upload.ts';

export const handle = { title: 'knowledge:testUpload.title' } satisfies RouteHandle;

/** Upload test (admin layout, /test-upload): what ingestion makes of one file. */
export function Component() {
  const { t } = useTranslation(['knowledge', 'documents']);
  const { formatNumber, formatBytes } = useFormatters();
  const input = useRef<HTMLInputElement>(null);
  const run = useTestUpload();
  const result = run.data;

  return (
    <>
      <PageHeader
        title={t('knowledge:testUpload.title')}
        description={t('knowledge:testUpload.description')}
        actions={
          <>
            <Button icon={Upload} loading={run.isPending} onClick={() => input.current?.click()}>
              {t('knowledge:testUpload.choose')}
            </Button>
            <input
              ref={input}
              type="file"
              hidden
              data-testid="test-upload-input"
              aria-label={t('knowledge:testUpload.choose')}
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) run.mutate(file);
                event.target.value = '';
              }}
            />
          </>
        }
      />
      {!result ? (
        <EmptyState
          icon={Upload}
          title={t('knowledge:testUpload.emptyTitle')}
          description={t('knowledge:testUpload.emptyDescription')}
        />
      ) : (
        <div className="flex flex-col gap-5" data-testid="test-upload-result">
          <Card>
            <CardBody>
              <div className="mb-3 flex items-center gap-2">
                {result.ok ? (
                  <CircleCheck aria-hidden="true" className="size-5 text-green-600" />
                ) : (
                  <CircleAlert aria-hidden="true" className="size-5 text-red-600" />
                )}
                <h2 className="font-semibold text-neutral-900">{result.fileName}</h2>
                <Badge color={result.ok ? 'success' : 'danger'} variant="soft">
                  {t(result.ok ? 'knowledge:testUpload.ok' : 'knowledge:testUpload.failed')}
                </Badge>
              </div>
              <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-4">
                {[
                  ['type', result.type ?? '—'],
                  ['language', result.language ?? '—'],
                  ['pages', formatNumber(result.pages.length)],
                  ['chunks', formatNumber(result.chunks.length)],
                  ['size', formatBytes(result.sizeBytes)],
                  ['declaredType', result.declaredMimeType || '—'],
                  ['title', result.title ?? '—'],
                  ['noText', t(result.noText ? 'knowledge:testUpload.yes' : 'knowledge:testUpload.no')],
                ].map(([key, value]) => (
                  <div key={key}>
                    <dt className="text-neutral-500">{t(`knowledge:testUpload.fields.${key}`)}</dt>
                    <dd className="font-medium break-words text-neutral-900" data-testid={`result-${key}`}>
                      {value}
                    </dd>
                  </div>
                ))}
              </dl>
              {result.error && (
                <p className="mt-3 rounded-md bg-red-50 p-3 text-sm text-red-800" role="alert">
                  <strong>{result.error.code}</strong> —{' '}
                  {t(`documents:failure.${result.error.code}`, { defaultValue: result.error.reason })}
                  <span className="mt-1 block text-xs text-red-700">{result.error.reason}</span>
                </p>
              )}
              {result.warnings.length > 0 && (
                <ul className="mt-3 list-disc pl-5 text-sm text-amber-800">
                  {result.warnings.map((warning) => (
                    <li key={warning}>{warning}</li>
                  ))}
                </ul>
              )}
            </CardBody>
          </Card>
          {Object.keys(result.timings).length > 0 && (
            <Card>
              <CardBody>
                <h2 className="mb-2 font-semibold text-neutral-900">{t('knowledge:testUpload.timings')}</h2>
                <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-5">
                  {Object.entries(result.timings).map(([key, value]) => (
                    <div key={key}>
                      <dt className="text-neutral-500">{key}</dt>
                      <dd className="font-medium">{formatNumber(value, { maximumFractionDigits: 1 })} ms</dd>
                    </div>
                  ))}
                </dl>
              </CardBody>
            </Card>
          )}
          {result.chunks.length > 0 && (
            <section aria-labelledby="chunks-heading" className="flex flex-col gap-2">
              <h2 id="chunks-heading" className="font-semibold text-neutral-900">
                {t('knowledge:testUpload.chunks')}
              </h2>
              <ol className="flex flex-col gap-2">
                {result.chunks.slice(0, 200).map((chunk) => (
                  <li key={chunk.index} className="rounded-lg border border-neutral-200 bg-white p-3 text-sm">
                    <p className="mb-1 text-xs text-neutral-500">
                      {t('knowledge:testUpload.chunkMeta', { index: chunk.index + 1, page: chunk.page })}
                      {chunk.heading ? ` · ${chunk.heading}` : ''}
                    </p>
                    <p className="whitespace-pre-wrap text-neutral-800">{chunk.text}</p>
                  </li>
                ))}
              </ol>
            </section>
          )}
        </div>
      )}
    </>
  );
}
