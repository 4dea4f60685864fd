import { BadgeCheck, ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { errorMessageKey } from '@/lib/api-client.ts';
import { formatDate } from '@/lib/format.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { useCertificateVerification } from '../api/certificates.ts';
import { useCourseLanguage } from '../hooks/use-course-language.ts';

export const handle = { title: 'courses:verify.title' } satisfies RouteHandle;

/** The public check of a certificate (/certificates/:id?sig=): the link printed on the PDF. */
export function Component() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const { t, i18n } = useTranslation(['courses', 'errors']);
  const lang = useCourseLanguage();
  const check = useCertificateVerification(id, params.get('sig') ?? '', lang);
  return (
    <div className="mx-auto max-w-xl py-10">
      <h1 className="mb-6 text-2xl font-semibold text-neutral-900">{t('courses:verify.title')}</h1>
      {check.isPending ? (
        <Skeleton className="h-40" />
      ) : check.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t(errorMessageKey(check.error))}
        </p>
      ) : check.data.valid ? (
        <section className="rounded-2xl border border-green-200 bg-green-50 p-6" aria-labelledby="verify-result">
          <h2 id="verify-result" className="mb-3 flex items-center gap-2 text-lg font-semibold text-green-900">
            <BadgeCheck aria-hidden="true" className="size-6" />
            {t('courses:verify.valid')}
          </h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-neutral-600">{t('courses:verify.holder')}</dt>
            <dd className="font-medium text-neutral-900">{check.data.holder}</dd>
            <dt className="text-neutral-600">{t('courses:verify.course')}</dt>
            <dd className="font-medium text-neutral-900">{check.data.courseTitle}</dd>
            <dt className="text-neutral-600">{t('courses:verify.score')}</dt>
            <dd className="font-medium text-neutral-900">{Math.round(check.data.score ?? 0)} %</dd>
            <dt className="text-neutral-600">{t('courses:verify.issued')}</dt>
            <dd className="font-medium text-neutral-900">
              {check.data.issuedAt && formatDate(check.data.issuedAt, i18n.language)}
            </dd>
          </dl>
        </section>
      ) : (
        <section role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6">
          <h2 className="mb-2 flex items-center gap-2 text-lg font-semibold text-red-900">
            <ShieldAlert aria-hidden="true" className="size-6" />
            {t('courses:verify.invalid')}
          </h2>
          <p className="text-sm text-neutral-700">{t('courses:verify.invalidDescription')}</p>
        </section>
      )}
    </div>
  );
}
