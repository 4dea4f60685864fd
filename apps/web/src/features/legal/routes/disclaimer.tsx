import { useTranslation } from 'react-i18next';
import { ContactDetails } from '../components/contact-details';
import { LegalDocument, type LegalSection } from '../components/legal-document';
import { BulletList, Paragraph, legalLinkClass } from '../components/rich-text';
import type { RouteHandle } from '@/lib/route-handle';

export const handle = { title: 'legal:disclaimer.meta.title' } satisfies RouteHandle;

const k = (key: string) => `disclaimer.sections.${key}`;

const officialSources = [
  { id: 'fedlex', host: 'fedlex.admin.ch', href: 'https://www.fedlex.admin.ch/' },
  { id: 'finma', host: 'finma.ch', href: 'https://www.finma.ch/' },
  { id: 'ecfr', host: 'ecfr.gov', href: 'https://www.ecfr.gov/' },
  { id: 'sec', host: 'sec.gov', href: 'https://www.sec.gov/' },
  { id: 'fatf', host: 'fatf-gafi.org', href: 'https://www.fatf-gafi.org/' },
] as const;

function OfficialSources() {
  const { t } = useTranslation('legal');
  return (
    <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
      {officialSources.map((source) => (
        <li key={source.id} className="rounded-lg bg-white px-4 py-3 ring-1 ring-neutral-200">
          <a href={source.href} className={legalLinkClass}>
            {source.host}
          </a>
          <span className="mt-0.5 block text-sm text-neutral-600">{t(k(`accuracy.sources.${source.id}`))}</span>
        </li>
      ))}
    </ul>
  );
}

const sections: LegalSection[] = [
  {
    id: 'information',
    content: (
      <>
        <Paragraph i18nKey={k('information.p1')} />
        <Paragraph i18nKey={k('information.p2')} />
      </>
    ),
  },
  {
    id: 'relationship',
    content: (
      <>
        <Paragraph i18nKey={k('relationship.p1')} />
        <Paragraph i18nKey={k('relationship.p2')} />
      </>
    ),
  },
  {
    id: 'accuracy',
    content: (
      <>
        <Paragraph i18nKey={k('accuracy.p1')} />
        <BulletList
          i18nKeys={['incomplete', 'misread', 'outdated', 'wrong'].map((item) => k(`accuracy.items.${item}`))}
        />
        <Paragraph i18nKey={k('accuracy.p2')} />
        <OfficialSources />
        <Paragraph i18nKey={k('accuracy.p3')} />
      </>
    ),
  },
  {
    id: 'currency',
    content: (
      <>
        <Paragraph i18nKey={k('currency.p1')} />
        <Paragraph i18nKey={k('currency.p2')} />
        <Paragraph i18nKey={k('currency.p3')} />
      </>
    ),
  },
  {
    id: 'responsibility',
    content: (
      <>
        <Paragraph i18nKey={k('responsibility.p1')} />
        <Paragraph i18nKey={k('responsibility.p2')} />
        <Paragraph i18nKey={k('responsibility.p3')} />
      </>
    ),
  },
  {
    id: 'scope',
    content: (
      <>
        <Paragraph i18nKey={k('scope.p1')} />
        <Paragraph i18nKey={k('scope.p2')} />
      </>
    ),
  },
  {
    id: 'thirdParty',
    content: (
      <>
        <Paragraph i18nKey={k('thirdParty.p1')} />
        <Paragraph i18nKey={k('thirdParty.p2')} />
      </>
    ),
  },
  {
    id: 'liability',
    content: (
      <>
        <Paragraph i18nKey={k('liability.p1')} />
        <Paragraph i18nKey={k('liability.p2')} />
        <Paragraph i18nKey={k('liability.p3')} />
      </>
    ),
  },
  {
    id: 'changes',
    content: <Paragraph i18nKey={k('changes.p1')} />,
  },
  {
    id: 'contact',
    content: <ContactDetails configuredKey={k('contact.configured')} fallbackKey={k('contact.fallback')} />,
  },
];

/** `/legal/disclaimer`: what the service is and is not, and the limits of reliance on it. */
export function Component() {
  return <LegalDocument doc="disclaimer" sections={sections} summary={<Paragraph i18nKey="disclaimer.summary" />} />;
}
