import { Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { hasLegalEntity, readLegalEntity } from '../utils/legal-entity';
import { Paragraph, legalLinkClass } from './rich-text';

const entity = readLegalEntity();

/**
 * The operator's contact details when they are configured at build time; otherwise a paragraph that
 * tells the reader how to reach the operator of the installation.
 */
export function ContactDetails({ configuredKey, fallbackKey }: { configuredKey: string; fallbackKey: string }) {
  const { t } = useTranslation('legal');

  if (!hasLegalEntity(entity)) return <Paragraph i18nKey={fallbackKey} />;

  return (
    <>
      <Paragraph i18nKey={configuredKey} />
      <address className="rounded-xl bg-white p-5 not-italic ring-1 ring-neutral-200">
        {entity.name ? <p className="font-semibold text-neutral-900">{entity.name}</p> : null}
        {entity.addressLines.map((line) => (
          <p key={line}>{line}</p>
        ))}
        {entity.email ? (
          <p className="mt-3 flex items-center gap-2">
            <Mail aria-hidden="true" className="size-4 text-neutral-400" />
            <span className="sr-only">{t('common.email')}: </span>
            <a href={`mailto:${entity.email}`} className={legalLinkClass}>
              {entity.email}
            </a>
          </p>
        ) : null}
      </address>
    </>
  );
}
