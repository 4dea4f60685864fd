import type { ConnectionScope, JournalEntry } from '@compliance/shared/integrations';
import { Download, Send } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIntegrationErrorText, useTargetText } from '@/components/integrations/connector-kinds.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '@/components/ui/card.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { errorMessageKey } from '@/lib/api-client.ts';
import { useFormatters } from '@/lib/format.ts';
import { useExportJournal } from '../api/export-journal.ts';
import { useJournal } from '../api/get-journal.ts';

/** The journals of many senders (the organisation's, a company's) say who sent each message. */
const showSender = (scope: ConnectionScope) => scope !== 'personal';

/** How much of the content's SHA-256 a row shows (the whole of it is in the CSV and the tooltip). */
const SHORT_HASH_LENGTH = 12;

/**
 * What was sent out through connections, newest first: the user's own messages, (admins) the
 * organisation's record of everyone's, or (company admins) their company's members' messages, with a
 * CSV export of the whole journal.
 */
export function JournalSection({ scope }: { scope: ConnectionScope }) {
  const { t } = useTranslation(['integrations', 'errors']);
  const { formatNumber } = useFormatters();
  const [page, setPage] = useState(1);
  const journal = useJournal(scope, page);
  const exportCsv = useExportJournal();
  const pageCount = journal.data?.pageCount ?? 1;

  let content;
  if (journal.isPending) {
    content = <Skeleton className="h-32 w-full" />;
  } else if (journal.isError) {
    content = (
      <p role="alert" className="text-sm text-red-700">
        {t(errorMessageKey(journal.error))}
      </p>
    );
  } else if (journal.data.entries.length === 0) {
    content = <EmptyState icon={Send} titleAs="h3" title={t('integrations:journal.empty')} />;
  } else {
    content = (
      <>
        <p aria-live="polite" className="mb-2 text-sm text-neutral-600">
          {t('integrations:journal.count', { count: journal.data.total, formatted: formatNumber(journal.data.total) })}
        </p>
        <div className="relative overflow-x-auto">
          <table className="w-full min-w-[48rem] text-left text-sm">
            <caption className="sr-only">{t(`integrations:journal.${scope}.title`)}</caption>
            <thead className="text-xs text-neutral-500 uppercase">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('integrations:journal.time')}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('integrations:journal.connection')}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('integrations:journal.destination')}
                </th>
                {showSender(scope) && (
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {t('integrations:journal.sender')}
                  </th>
                )}
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('integrations:journal.status')}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('integrations:journal.content')}
                </th>
                <th scope="col" className="py-2 font-medium">
                  {t('integrations:journal.sha256')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-neutral-100">
              {journal.data.entries.map((entry) => (
                <JournalRow key={entry.id} entry={entry} showSender={showSender(scope)} />
              ))}
            </tbody>
          </table>
        </div>
        {pageCount > 1 && (
          <nav
            aria-label={t('integrations:journal.pages')}
            className="mt-4 flex items-center justify-between gap-2 text-sm"
          >
            <Button variant="outline" color="neutral" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {t('integrations:journal.previous')}
            </Button>
            <span>{t('integrations:journal.page', { page, pages: pageCount })}</span>
            <Button variant="outline" color="neutral" disabled={page >= pageCount} onClick={() => setPage(page + 1)}>
              {t('integrations:journal.next')}
            </Button>
          </nav>
        )}
      </>
    );
  }

  return (
    <Card>
      <section aria-label={t(`integrations:journal.${scope}.title`)}>
        <CardHeader
          title={t(`integrations:journal.${scope}.title`)}
          description={t(`integrations:journal.${scope}.description`)}
          actions={
            <Button
              variant="outline"
              color="neutral"
              icon={Download}
              loading={exportCsv.isPending}
              onClick={() => exportCsv.mutate(scope)}
            >
              {t('integrations:journal.export')}
            </Button>
          }
        />
        <CardBody>{content}</CardBody>
      </section>
    </Card>
  );
}

function JournalRow({ entry, showSender }: { entry: JournalEntry; showSender: boolean }) {
  const { t } = useTranslation('integrations');
  const { formatDate } = useFormatters();
  const errorText = useIntegrationErrorText();
  const targetText = useTargetText();
  const firstLine = entry.content.split('\n', 1)[0] ?? '';
  return (
    <tr data-testid="journal-row" className="align-top">
      <td className="py-2 pr-3 whitespace-nowrap text-neutral-600">
        <time dateTime={entry.sentAt}>{formatDate(entry.sentAt, { dateStyle: 'medium', timeStyle: 'short' })}</time>
      </td>
      <td className="py-2 pr-3">
        <span className="font-medium text-neutral-900">{entry.connectionName}</span>
        <span className="block text-xs text-neutral-500">{t(`integrations:kinds.${entry.kind}.name`)}</span>
      </td>
      <td className="py-2 pr-3 wrap-anywhere">{targetText({ kind: entry.kind, target: entry.destination })}</td>
      {showSender && <td className="py-2 pr-3 break-all">{entry.senderEmail}</td>}
      <td className="py-2 pr-3">
        {entry.status === 'sent' ? (
          <Badge color="success">{t('integrations:journal.sent')}</Badge>
        ) : (
          <>
            <Badge color="danger">{t('integrations:journal.failed')}</Badge>
            {entry.errorCode && <span className="mt-1 block text-xs text-red-700">{errorText(entry.errorCode)}</span>}
          </>
        )}
      </td>
      <td className="max-w-xs py-2 pr-3">
        <span className="line-clamp-2 text-neutral-800">{firstLine}</span>
      </td>
      <td className="py-2">
        <code title={entry.contentSha256} className="text-xs text-neutral-600">
          {entry.contentSha256.slice(0, SHORT_HASH_LENGTH)}
        </code>
      </td>
    </tr>
  );
}
