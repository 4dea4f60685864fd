import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

export const legalLinkClass =
  'font-medium text-primary-700 underline decoration-primary-300 underline-offset-4 hover:text-primary-800 hover:decoration-primary-600';

const components = {
  strong: <strong className="font-semibold text-neutral-900" />,
  code: <code className="rounded bg-neutral-100 px-1.5 py-0.5 font-mono text-[0.9em] text-neutral-800" />,
  disclaimer: <Link to={paths.legal.disclaimer.getHref()} className={legalLinkClass} />,
  privacy: <Link to={paths.legal.privacyPolicy.getHref()} className={legalLinkClass} />,
};

/** A translated string from the legal namespace that may contain <strong>, <code> and links to the other legal page. */
export function RichText({ i18nKey }: { i18nKey: string }) {
  const { t } = useTranslation('legal');
  return <Trans t={t} i18nKey={i18nKey} components={components} />;
}

export function Paragraph({ i18nKey }: { i18nKey: string }) {
  return (
    <p>
      <RichText i18nKey={i18nKey} />
    </p>
  );
}

/** A bulleted list; each item is one translation key. */
export function BulletList({ i18nKeys }: { i18nKeys: readonly string[] }) {
  return (
    <ul className="space-y-2 pl-1">
      {i18nKeys.map((key) => (
        <li key={key} className="flex gap-3">
          <span aria-hidden="true" className="mt-[0.6em] size-1.5 shrink-0 rounded-full bg-primary-500" />
          <span className="min-w-0">
            <RichText i18nKey={key} />
          </span>
        </li>
      ))}
    </ul>
  );
}

export type CardRow = { label: string; value: ReactNode };

/** Stacked cards with a title and labelled rows: readable on a phone, where a wide table is not. */
export function DefinitionCards({ items }: { items: { id: string; title: ReactNode; rows: CardRow[] }[] }) {
  return (
    <ul className="grid gap-3">
      {items.map((item) => (
        <li key={item.id} className="rounded-xl bg-white p-4 ring-1 ring-neutral-200 sm:p-5">
          <p className="font-semibold text-neutral-900">{item.title}</p>
          <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-x-4">
            {item.rows.map((row) => (
              <div key={row.label} className="contents">
                <dt className="font-medium text-neutral-500">{row.label}</dt>
                <dd className="mb-1 text-neutral-700 sm:mb-0">{row.value}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}
