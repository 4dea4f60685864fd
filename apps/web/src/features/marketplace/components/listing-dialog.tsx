import { currencies, type Currency } from '@compliance/shared/billing';
import { locales } from '@compliance/shared/locales';
import {
  LISTING_DESCRIPTION_MAX_LENGTH,
  LISTING_EXAMPLE_MAX_LENGTH,
  LISTING_TEASER_MAX_LENGTH,
  LISTING_TITLE_MAX_LENGTH,
  listingTopics,
  publishListingInputSchema,
  updateListingInputSchema,
  type AuthorListing,
  type ListingDetail,
  type ListingKind,
  type ListingTopic,
} from '@compliance/shared/marketplace';
import { CircleAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Select } from '@/components/ui/select.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { paths } from '@/config/paths.ts';
import { errorMessageKey, isApiError } from '@/lib/api-client.ts';
import { usePublishListing, useUpdateListing } from '../api/listings.ts';

/** What the dialog does: publish a prompt or category of the library, or edit one of the caller's listings. */
export type ListingDialogTarget =
  { mode: 'publish'; kind: ListingKind; sourceId: string } | { mode: 'edit'; listing: AuthorListing };

interface Values {
  title: string;
  teaser: string;
  description: string;
  exampleOutput: string;
  topic: ListingTopic;
  language: string;
  currency: Currency;
  /** As typed, in major units ("12.50"); empty or 0 for free. */
  price: string;
  refreshContent: boolean;
}

function initialValues(target: ListingDialogTarget, language: string): Values {
  if (target.mode === 'edit') {
    const { listing } = target;
    return {
      title: listing.title,
      teaser: listing.teaser,
      description: listing.description,
      exampleOutput: listing.exampleOutput,
      topic: listing.topic,
      language: listing.language,
      currency: listing.price.currency,
      price: listing.price.amount === 0 ? '' : (listing.price.amount / 100).toFixed(2),
      refreshContent: false,
    };
  }
  return {
    title: '',
    teaser: '',
    description: '',
    exampleOutput: '',
    topic: 'aml-kyc',
    language: (locales as readonly string[]).includes(language) ? language : 'en',
    currency: 'CHF',
    price: '',
    refreshContent: false,
  };
}

/** "12.50" → 1250 minor units; NaN when it is not an amount. */
function minorUnits(price: string): number {
  const text = price.trim().replace(',', '.');
  if (text === '') return 0;
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return Number.NaN;
  return Math.round(Number(text) * 100);
}

export function ListingDialog({
  target,
  canSell,
  onOpenChange,
  onDone,
}: {
  target: ListingDialogTarget | null;
  canSell: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: (listing: ListingDetail, mode: ListingDialogTarget['mode']) => void;
}) {
  const { t } = useTranslation(['marketplace', 'errors']);
  return (
    <Dialog
      open={target !== null}
      onOpenChange={onOpenChange}
      size="lg"
      title={t(target?.mode === 'edit' ? 'marketplace:publish.editTitle' : 'marketplace:publish.title')}
      description={t(
        target?.mode === 'edit'
          ? 'marketplace:publish.editDescription'
          : target?.kind === 'category'
            ? 'marketplace:publish.descriptionCategory'
            : 'marketplace:publish.descriptionPrompt',
      )}
    >
      {target && (
        <ListingForm
          key={target.mode === 'edit' ? target.listing.id : target.sourceId}
          target={target}
          canSell={canSell}
          onDone={onDone}
        />
      )}
    </Dialog>
  );
}

function ListingForm({
  target,
  canSell,
  onDone,
}: {
  target: ListingDialogTarget;
  canSell: boolean;
  onDone: (listing: ListingDetail, mode: ListingDialogTarget['mode']) => void;
}) {
  const { t, i18n } = useTranslation(['marketplace', 'errors']);
  const [values, setValues] = useState(() => initialValues(target, i18n.language));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const publish = usePublishListing();
  const update = useUpdateListing();
  const pending = publish.isPending || update.isPending;

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _fixed, ...rest }) => rest);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const amount = minorUnits(values.price);
    const fields = {
      title: values.title,
      teaser: values.teaser,
      description: values.description,
      exampleOutput: values.exampleOutput,
      topic: values.topic,
      language: values.language,
      price: { currency: values.currency, amount: Number.isNaN(amount) ? -1 : amount },
    };
    const parsed =
      target.mode === 'publish'
        ? publishListingInputSchema.safeParse({ kind: target.kind, sourceId: target.sourceId, ...fields })
        : updateListingInputSchema.safeParse({ ...fields, refreshContent: values.refreshContent });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'price' ? 'price' : String(issue.path[0]);
        found[key] ??= issue.message.includes(':') ? issue.message : 'errors:validation.invalid';
      }
      if (Number.isNaN(amount) || amount < 0) found.price = 'marketplace:validation.price';
      setErrors(found);
      return;
    }
    try {
      const listing =
        target.mode === 'publish'
          ? await publish.mutateAsync(parsed.data as Parameters<typeof publish.mutateAsync>[0])
          : await update.mutateAsync({ id: target.listing.id, ...parsed.data });
      onDone(listing, target.mode);
    } catch (error) {
      if (isApiError(error) && error.fields) {
        setErrors(Object.fromEntries(Object.entries(error.fields).map(([path, key]) => [path.split('.')[0]!, key])));
      }
      setFailure(errorMessageKey(error));
    }
  }

  const error = (key: keyof Values) => (errors[key] ? t(errors[key]) : undefined);
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {failure && (
        <p role="alert" className="flex items-start gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            {t(failure)}{' '}
            {failure === 'errors:MARKETPLACE_SELLING_NOT_IN_PLAN' && (
              <Link to={paths.billing.subscription.getHref()} className="font-medium underline">
                {t('marketplace:publish.upgrade')}
              </Link>
            )}
          </span>
        </p>
      )}
      <FormField label={t('marketplace:publish.fields.title')} required error={error('title')}>
        <Input
          value={values.title}
          maxLength={LISTING_TITLE_MAX_LENGTH}
          onChange={(e) => set('title', e.target.value)}
        />
      </FormField>
      <FormField
        label={t('marketplace:publish.fields.teaser')}
        hint={t('marketplace:publish.fields.teaserHint')}
        required
        error={error('teaser')}
      >
        <Textarea
          rows={2}
          value={values.teaser}
          maxLength={LISTING_TEASER_MAX_LENGTH}
          onChange={(e) => set('teaser', e.target.value)}
        />
      </FormField>
      <FormField label={t('marketplace:publish.fields.description')} error={error('description')}>
        <Textarea
          rows={4}
          value={values.description}
          maxLength={LISTING_DESCRIPTION_MAX_LENGTH}
          onChange={(e) => set('description', e.target.value)}
        />
      </FormField>
      <FormField
        label={t('marketplace:publish.fields.exampleOutput')}
        hint={t('marketplace:publish.fields.exampleOutputHint')}
        error={error('exampleOutput')}
      >
        <Textarea
          rows={4}
          value={values.exampleOutput}
          maxLength={LISTING_EXAMPLE_MAX_LENGTH}
          onChange={(e) => set('exampleOutput', e.target.value)}
        />
      </FormField>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField label={t('marketplace:publish.fields.topic')} required>
          <Select
            value={values.topic}
            onChange={(e) => set('topic', e.target.value as ListingTopic)}
            options={listingTopics.map((topic) => ({ value: topic, label: t(`marketplace:topics.${topic}`) }))}
          />
        </FormField>
        <FormField label={t('marketplace:publish.fields.language')} required>
          <Select
            value={values.language}
            onChange={(e) => set('language', e.target.value)}
            options={locales.map((locale) => ({ value: locale, label: t(`marketplace:languages.${locale}`) }))}
          />
        </FormField>
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-[minmax(0,1fr)_8rem]">
        <FormField
          label={t('marketplace:publish.fields.price')}
          hint={t(canSell ? 'marketplace:publish.fields.priceHint' : 'marketplace:publish.fields.priceHintFree')}
          error={error('price')}
        >
          <Input
            inputMode="decimal"
            value={values.price}
            placeholder={t('marketplace:price.free')}
            onChange={(e) => set('price', e.target.value)}
          />
        </FormField>
        <FormField label={t('marketplace:publish.fields.currency')}>
          <Select
            value={values.currency}
            onChange={(e) => set('currency', e.target.value as Currency)}
            options={currencies.map((currency) => ({ value: currency, label: currency }))}
          />
        </FormField>
      </div>
      {target.mode === 'edit' && target.listing.sourceId && (
        <Checkbox
          checked={values.refreshContent}
          onChange={(event) => set('refreshContent', event.target.checked)}
          label={t('marketplace:publish.fields.refreshContent', { version: target.listing.version + 1 })}
          description={t(
            target.listing.kind === 'category'
              ? 'marketplace:publish.fields.refreshContentCategory'
              : 'marketplace:publish.fields.refreshContentPrompt',
          )}
        />
      )}
      <div className="flex justify-end gap-2">
        <Button type="submit" loading={pending}>
          {t(target.mode === 'edit' ? 'marketplace:publish.save' : 'marketplace:publish.submit')}
        </Button>
      </div>
    </form>
  );
}
