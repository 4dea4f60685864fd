import { useTranslation } from 'react-i18next';
import { ContactDetails } from '../components/contact-details';
import { LegalDocument, type LegalSection } from '../components/legal-document';
import { BulletList, DefinitionCards, Paragraph, RichText } from '../components/rich-text';
import type { RouteHandle } from '@/lib/route-handle';

export const handle = { title: 'legal:privacy.meta.title' } satisfies RouteHandle;

const k = (key: string) => `privacy.sections.${key}`;
const listKeys = (base: string, items: readonly string[]) => items.map((item) => k(`${base}.items.${item}`));

const purposeIds = ['service', 'security', 'billing', 'communication', 'improvement', 'legal', 'optional'] as const;
const processorIds = ['llm', 'webSearch', 'email', 'payments', 'storage', 'integrations'] as const;
const storageEntries = [
  { id: 'authToken', key: 'auth_token' },
  { id: 'language', key: 'language' },
] as const;

function Purposes() {
  const { t } = useTranslation('legal');
  return (
    <DefinitionCards
      items={purposeIds.map((id) => ({
        id,
        title: t(k(`purposes.items.${id}.purpose`)),
        rows: [
          { label: t(k('purposes.labels.data')), value: t(k(`purposes.items.${id}.data`)) },
          { label: t(k('purposes.labels.basis')), value: t(k(`purposes.items.${id}.basis`)) },
        ],
      }))}
    />
  );
}

function Processors() {
  const { t } = useTranslation('legal');
  return (
    <DefinitionCards
      items={processorIds.map((id) => ({
        id,
        title: t(k(`processors.items.${id}.service`)),
        rows: [{ label: t(k('processors.labels.data')), value: t(k(`processors.items.${id}.data`)) }],
      }))}
    />
  );
}

function BrowserStorage() {
  const { t } = useTranslation('legal');
  return (
    <DefinitionCards
      items={storageEntries.map(({ id, key }) => ({
        id,
        title: <code className="font-mono text-[0.95em] text-primary-800">{key}</code>,
        rows: [
          { label: t(k('storage.labels.purpose')), value: t(k(`storage.items.${id}.purpose`)) },
          { label: t(k('storage.labels.duration')), value: t(k(`storage.items.${id}.duration`)) },
        ],
      }))}
    />
  );
}

const sections: LegalSection[] = [
  {
    id: 'overview',
    content: (
      <>
        <Paragraph i18nKey={k('overview.p1')} />
        <Paragraph i18nKey={k('overview.p2')} />
      </>
    ),
  },
  {
    id: 'controller',
    content: (
      <>
        <Paragraph i18nKey={k('controller.p1')} />
        <ContactDetails configuredKey={k('controller.configured')} fallbackKey={k('controller.fallback')} />
        <Paragraph i18nKey={k('controller.p2')} />
      </>
    ),
  },
  {
    id: 'data',
    content: (
      <>
        <Paragraph i18nKey={k('data.p1')} />
        <BulletList
          i18nKeys={listKeys('data', [
            'account',
            'documents',
            'chats',
            'prompts',
            'learning',
            'usage',
            'billing',
            'communications',
            'integrations',
            'logs',
          ])}
        />
      </>
    ),
  },
  {
    id: 'purposes',
    content: (
      <>
        <Paragraph i18nKey={k('purposes.p1')} />
        <Purposes />
        <Paragraph i18nKey={k('purposes.p2')} />
        <Paragraph i18nKey={k('purposes.p3')} />
      </>
    ),
  },
  {
    id: 'offline',
    content: (
      <>
        <Paragraph i18nKey={k('offline.p1')} />
        <Paragraph i18nKey={k('offline.p2')} />
      </>
    ),
  },
  {
    id: 'processors',
    content: (
      <>
        <Paragraph i18nKey={k('processors.p1')} />
        <Processors />
        <Paragraph i18nKey={k('processors.p2')} />
        <Paragraph i18nKey={k('processors.p3')} />
      </>
    ),
  },
  {
    id: 'retention',
    content: (
      <>
        <Paragraph i18nKey={k('retention.p1')} />
        <BulletList i18nKeys={listKeys('retention', ['account', 'content', 'usage', 'logs', 'billing', 'backups'])} />
      </>
    ),
  },
  {
    id: 'security',
    content: (
      <>
        <Paragraph i18nKey={k('security.p1')} />
        <BulletList
          i18nKeys={listKeys('security', ['passwords', 'sessions', 'access', 'transport', 'content', 'organisation'])}
        />
        <Paragraph i18nKey={k('security.p2')} />
      </>
    ),
  },
  {
    id: 'rights',
    content: (
      <>
        <Paragraph i18nKey={k('rights.p1')} />
        <BulletList
          i18nKeys={listKeys('rights', ['access', 'rectification', 'erasure', 'objection', 'portability', 'consent'])}
        />
        <Paragraph i18nKey={k('rights.p2')} />
        <Paragraph i18nKey={k('rights.p3')} />
        <Paragraph i18nKey={k('rights.p4')} />
      </>
    ),
  },
  {
    id: 'storage',
    content: (
      <>
        <Paragraph i18nKey={k('storage.p1')} />
        <BrowserStorage />
        <Paragraph i18nKey={k('storage.p2')} />
        <Paragraph i18nKey={k('storage.p3')} />
      </>
    ),
  },
  {
    id: 'contact',
    content: (
      <>
        <ContactDetails configuredKey={k('contact.configured')} fallbackKey={k('contact.fallback')} />
        <Paragraph i18nKey={k('contact.p1')} />
      </>
    ),
  },
  {
    id: 'changes',
    content: <Paragraph i18nKey={k('changes.p1')} />,
  },
];

function Summary() {
  return (
    <ul className="space-y-2">
      {(['local', 'noTracking', 'optional'] as const).map((item) => (
        <li key={item} className="flex gap-3">
          <span aria-hidden="true" className="mt-[0.6em] size-1.5 shrink-0 rounded-full bg-primary-600" />
          <span className="min-w-0">
            <RichText i18nKey={`privacy.summary.${item}`} />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** `/legal/privacy-policy`: how personal data is processed, under the Swiss FADP and, where it applies, the GDPR. */
export function Component() {
  return <LegalDocument doc="privacy" sections={sections} summary={<Summary />} />;
}
