import type { LicensedPromptList } from '@compliance/shared/marketplace';
import { Lock, Play, Store } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { PlaceholdersAndVersion } from './prompt-card.tsx';

type LicensedPromptSummary = LicensedPromptList['prompts'][number];

/** A prompt bought in the marketplace: read-only, used as it is, updated when its author publishes. */
export function LicensedPromptCard({
  prompt,
  onUse,
}: {
  prompt: LicensedPromptSummary;
  onUse: (prompt: LicensedPromptSummary) => void;
}) {
  const { t } = useTranslation('prompts');
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      data-testid="licensed-prompt-card"
      className="flex h-full flex-col gap-3 rounded-lg border border-neutral-200 bg-white p-4 shadow-xs"
    >
      <h3 id={titleId} className="text-base font-semibold break-words text-neutral-900">
        {prompt.title}
      </h3>
      <p className="text-sm text-neutral-600">
        {t('prompts:purchased.from')}{' '}
        <Link
          to={paths.app.promptListing.getHref(prompt.listingId)}
          className="font-medium text-primary-700 hover:underline"
        >
          {prompt.listingTitle}
        </Link>{' '}
        ·{' '}
        <Link to={paths.app.promptAuthor.getHref(prompt.author.id)} className="text-primary-700 hover:underline">
          {prompt.author.name}
        </Link>
      </p>
      <div className="flex flex-wrap items-center gap-1.5">
        <Badge icon={Lock}>{t('prompts:purchased.readOnly')}</Badge>
        <PlaceholdersAndVersion
          names={prompt.placeholders.map((placeholder) => placeholder.name)}
          version={prompt.version}
          updatedAt={prompt.updatedAt}
        />
      </div>
      <div className="mt-auto flex flex-wrap items-center gap-2 pt-1">
        <Button
          icon={Play}
          onClick={() => onUse(prompt)}
          aria-label={t('prompts:card.useLabel', { title: prompt.title })}
        >
          {t('prompts:card.use')}
        </Button>
        <Link
          to={paths.app.promptListing.getHref(prompt.listingId)}
          className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium text-neutral-700 hover:bg-neutral-100"
        >
          <Store aria-hidden="true" className="size-4" />
          {t('prompts:purchased.listing')}
        </Link>
      </div>
    </article>
  );
}
