import type { CountryChange, CountryFullDetail } from '@compliance/shared/countries';
import {
  ArrowLeft,
  BookOpen,
  CircleAlert,
  ExternalLink,
  FileText,
  Flag,
  Landmark,
  LogIn,
  ShieldAlert,
  UserPlus,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '@/components/ui/card.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { CountryTasks } from '@/components/integrations/tickets.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { isApiError } from '@/lib/api-client.ts';
import { useAuthToken } from '@/lib/auth-token.ts';
import { useFormatters } from '@/lib/format.ts';
import type { RouteHandle } from '@/lib/route-handle.ts';
import { useCountry } from '../api/get-country.ts';
import { StatusBadge } from '../components/status-badge.tsx';
import { useCountryLanguage } from '../hooks/use-country-language.ts';

export const handle = { title: 'common:pages.country.title' } satisfies RouteHandle;

function useCalendarDate() {
  const { formatDate } = useFormatters();
  return (date: string) => formatDate(`${date}T00:00:00Z`, { dateStyle: 'long', timeZone: 'UTC' });
}

function BackLink() {
  const { t } = useTranslation('countries');
  const location = useLocation();
  const state = location.state as { listSearch?: unknown } | null;
  const listSearch = typeof state?.listSearch === 'string' && state.listSearch.startsWith('?') ? state.listSearch : '';
  return (
    <Link
      to={`${paths.countries.list.getHref()}${listSearch}`}
      className="inline-flex items-center gap-1.5 rounded-sm font-medium text-primary-700 hover:text-primary-800 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('countries:detail.back')}
    </Link>
  );
}

function Section({ title, icon: Icon, children }: { title: string; icon: typeof Flag; children: ReactNode }) {
  return (
    <Card>
      <CardHeader
        title={
          <span className="inline-flex items-center gap-2">
            <Icon aria-hidden="true" className="size-4 text-primary-600" />
            {title}
          </span>
        }
      />
      <CardBody className="text-sm text-neutral-700">{children}</CardBody>
    </Card>
  );
}

function TimelineEntry({ change }: { change: CountryChange }) {
  const { t } = useTranslation('countries');
  const calendarDate = useCalendarDate();
  const language = useCountryLanguage();
  const status = (value: CountryChange['toStatus']) => (value ? t(`countries:status.${value}`) : '');
  let text: string;
  if (change.baseline) {
    text = change.effectiveDate
      ? t('countries:detail.timelineBaselineSince', {
          date: calendarDate(change.effectiveDate),
          status: status(change.toStatus),
        })
      : t('countries:detail.timelineBaseline', { status: status(change.toStatus) });
  } else if (change.fromStatus === null) {
    text = t('countries:detail.timelineAdded', { status: status(change.toStatus) });
  } else if (change.toStatus === null) {
    text = t('countries:detail.timelineRemoved');
  } else {
    text = t('countries:detail.timelineChange', { from: status(change.fromStatus), to: status(change.toStatus) });
  }
  return (
    <li className="relative pb-5 pl-6 last:pb-0">
      <span
        aria-hidden="true"
        className="absolute top-1.5 left-0 size-2.5 rounded-full bg-primary-500 ring-4 ring-primary-100"
      />
      <p className="font-medium text-neutral-900">
        {change.effectiveDate && !change.baseline ? calendarDate(change.effectiveDate) : null}
        {change.effectiveDate && !change.baseline ? ' · ' : null}
        {text}
        {change.toStatus === 'black' && change.blackListAction
          ? ` · ${t(`countries:action.${change.blackListAction}`)}`
          : null}
      </p>
      <p className="mt-0.5 text-xs text-neutral-500">
        {change.plenaryName ? change.plenaryName[language] : t(`countries:detail.source.${change.source}`)}
        {change.note ? ` · ${change.note}` : null}
      </p>
    </li>
  );
}

function FullDetail({ detail }: { detail: CountryFullDetail }) {
  const { t } = useTranslation('countries');
  const calendarDate = useCalendarDate();
  const { formatDate } = useFormatters();
  const language = useCountryLanguage();
  const { country, guidance } = detail;
  const fsrbs = detail.memberships.filter((body) => body.type === 'fsrb');

  return (
    <div className="grid grid-cols-1 gap-5 lg:grid-cols-3">
      <div className="space-y-5 lg:col-span-2">
        <Section title={t('countries:detail.dueDiligenceTitle')} icon={ShieldAlert}>
          <div className="space-y-3">
            {guidance.officialListName && <p className="font-medium text-neutral-900">{guidance.officialListName}</p>}
            <p>{guidance.description}</p>
            <p>{guidance.dueDiligence}</p>
            {guidance.action && (
              <div className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-900">
                <p className="font-semibold">{t('countries:detail.measure', { measure: guidance.action.label })}</p>
                <p className="mt-1">{guidance.action.description}</p>
                <p className="mt-1">{guidance.action.dueDiligence}</p>
              </div>
            )}
            <div className="rounded-lg bg-neutral-50 p-3">
              <p className="font-semibold text-neutral-900">{t('countries:detail.swissContextTitle')}</p>
              <p className="mt-1">{guidance.swissContext}</p>
            </div>
            <p className="text-xs text-neutral-500">{guidance.disclaimer}</p>
          </div>
        </Section>

        <Section title={t('countries:detail.timelineTitle')} icon={Flag}>
          {detail.timeline.length === 0 ? (
            <p>{t('countries:detail.timelineEmpty')}</p>
          ) : (
            <ol className="border-l border-neutral-200 pl-0" data-testid="timeline">
              {detail.timeline.map((change) => (
                <TimelineEntry key={change.id} change={change} />
              ))}
            </ol>
          )}
        </Section>

        <Section title={t('countries:detail.relatedTitle')} icon={BookOpen}>
          {detail.relatedDocuments.length === 0 ? (
            <p>{t('countries:detail.relatedEmpty')}</p>
          ) : (
            <ul className="space-y-4">
              {detail.relatedDocuments.map((document) => (
                <li key={document.id}>
                  <p className="font-medium text-neutral-900" lang={document.language}>
                    {document.fileId ? (
                      <Link
                        to={paths.app.documentViewer.getHref(document.fileId)}
                        className="inline-flex items-start gap-1.5 text-primary-700 hover:underline"
                      >
                        <FileText aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                        {document.title}
                      </Link>
                    ) : (
                      document.title
                    )}
                  </p>
                  <p className="mt-0.5" lang={document.language}>
                    {document.summary}
                  </p>
                  <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-neutral-500">
                    {document.language !== language && <span>{t('countries:detail.inEnglish')}</span>}
                    {document.lastVerified && (
                      <span>{t('countries:detail.lastVerified', { date: calendarDate(document.lastVerified) })}</span>
                    )}
                    {document.sourceUrl && (
                      <a
                        href={document.sourceUrl}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="inline-flex items-center gap-1 font-medium text-primary-700 hover:underline"
                      >
                        {t('countries:detail.officialSource')}
                        <ExternalLink aria-hidden="true" className="size-3" />
                      </a>
                    )}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>

      <div className="space-y-5">
        <Section title={t('countries:detail.factsTitle')} icon={Landmark}>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
            <dt className="text-neutral-500">{t('countries:detail.region')}</dt>
            <dd>{t(`countries:region.${country.region}`, country.region)}</dd>
            <dt className="text-neutral-500">{t('countries:detail.lastChecked')}</dt>
            <dd>{formatDate(country.lastCheckedAt, { dateStyle: 'long' })}</dd>
            <dt className="text-neutral-500">{t('countries:detail.lastUpdated')}</dt>
            <dd>{formatDate(country.lastUpdatedAt, { dateStyle: 'long' })}</dd>
          </dl>
        </Section>

        <Section title={t('countries:detail.membershipTitle')} icon={Landmark}>
          <p className="font-medium text-neutral-900">
            {country.fatfMember
              ? detail.fatfMembershipSuspended
                ? t('countries:detail.fatfMemberSuspended')
                : t('countries:detail.fatfMember')
              : t('countries:detail.notFatfMember')}
          </p>
          {fsrbs.length === 0 ? (
            <p className="mt-2">{t('countries:detail.noFsrb')}</p>
          ) : (
            <ul className="mt-3 space-y-3">
              {fsrbs.map((body) => (
                <li key={body.code}>
                  <p className="font-medium text-neutral-900">
                    {body.shortName} — {body.name}
                  </p>
                  <p className="mt-0.5 text-xs text-neutral-600">{body.description}</p>
                  {body.website.startsWith('http') && (
                    <a
                      href={body.website}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="mt-1 inline-flex items-center gap-1 text-xs font-medium text-primary-700 hover:underline"
                    >
                      {t('countries:detail.website', { name: body.shortName })}
                      <ExternalLink aria-hidden="true" className="size-3" />
                    </a>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Section>

        <div className="space-y-1 text-xs text-neutral-500">
          {detail.credits.map((credit) => (
            <p key={credit.en}>{credit[language]}</p>
          ))}
        </div>
      </div>
    </div>
  );
}

function SignInPrompt() {
  const { t } = useTranslation('countries');
  const location = useLocation();
  return (
    <Card>
      <CardBody className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="text-base font-semibold text-neutral-900">{t('countries:detail.signInTitle')}</h2>
          <p className="mt-1 max-w-2xl text-sm text-neutral-600">{t('countries:detail.signInDescription')}</p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Link to={paths.auth.login.getHref(location.pathname)} className={buttonClasses()}>
            <LogIn aria-hidden="true" className="size-4" />
            {t('countries:detail.signIn')}
          </Link>
          <Link to={paths.auth.signup.getHref()} className={buttonClasses({ variant: 'outline' })}>
            <UserPlus aria-hidden="true" className="size-4" />
            {t('countries:detail.signUp')}
          </Link>
        </div>
      </CardBody>
    </Card>
  );
}

/** A country's FATF listing (default layout, /fatf/countries/:id). Full content for accounts. */
export function Component() {
  const { t } = useTranslation(['countries', 'common', 'errors']);
  const { id = '' } = useParams();
  const language = useCountryLanguage();
  const signedIn = useAuthToken() !== null;
  const calendarDate = useCalendarDate();
  const { data, isPending, isError, error, refetch, isRefetching } = useCountry(id, language, signedIn);

  if (isPending) {
    return (
      <>
        <PageHeader eyebrow={<BackLink />} title={t('common:pages.country.title')} />
        <div aria-hidden="true" className="space-y-4">
          <Skeleton className="h-24" />
          <Skeleton className="h-64" />
        </div>
      </>
    );
  }

  if (isError) {
    const notFound = isApiError(error) && error.code === 'COUNTRY_NOT_FOUND';
    return (
      <>
        <PageHeader
          eyebrow={<BackLink />}
          title={notFound ? t('errors:countries.notFound') : t('common:pages.country.title')}
        />
        <EmptyState
          role="alert"
          icon={CircleAlert}
          title={notFound ? t('errors:countries.notFound') : t('errors:countries.detailFailed')}
          description={notFound ? t('countries:detail.notFoundDescription') : undefined}
          action={
            notFound ? undefined : (
              <Button variant="outline" loading={isRefetching} onClick={() => void refetch()}>
                {t('countries:list.retry')}
              </Button>
            )
          }
        />
      </>
    );
  }

  const { country } = data;
  return (
    <>
      <PageHeader
        eyebrow={<BackLink />}
        title={country.names[language]}
        description={t('countries:detail.codes', { iso2: country.iso2, iso3: country.iso3 })}
        actions={signedIn ? <CountryTasks country={country.iso2} countryName={country.names[language]} /> : undefined}
      />
      <div className="space-y-5">
        <Card>
          <CardBody className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <StatusBadge status={country.status} action={country.blackListAction} size="md" />
            <span className="text-sm text-neutral-700">
              {country.statusSince
                ? t('countries:detail.statusSince', { date: calendarDate(country.statusSince) })
                : t('countries:detail.statusSinceUnknown')}
            </span>
            <span className="text-sm text-neutral-500 sm:ml-auto">
              {t('countries:detail.asOf', { date: calendarDate(data.asOf) })}
            </span>
          </CardBody>
        </Card>
        {data.access === 'full' ? <FullDetail detail={data} /> : <SignInPrompt />}
      </div>
    </>
  );
}
