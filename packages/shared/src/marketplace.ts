import { z } from 'zod';
import { currencySchema } from './billing.ts';
import { locales } from './locales.ts';
import { placeholderTypeSchema, type Placeholder } from './prompts.ts';
import { displayText, searchText } from './text.ts';

/**
 * The prompt marketplace (issue 14): authors publish a snapshot of a prompt or of a whole category
 * from their library; buyers get a read-only licence that follows the author's published updates.
 * Nothing here ever carries a prompt's instructions except a licensed prompt, which only a buyer
 * (or the author) can read. Messages are i18n keys of the `marketplace` namespace.
 */

// ---- limits ----

export const LISTING_TITLE_MAX_LENGTH = 120;
export const LISTING_TEASER_MAX_LENGTH = 300;
export const LISTING_DESCRIPTION_MAX_LENGTH = 4_000;
export const LISTING_EXAMPLE_MAX_LENGTH = 4_000;
export const AUTHOR_BIO_MAX_LENGTH = 1_000;
export const REVIEW_TEXT_MAX_LENGTH = 2_000;
export const REPORT_REASON_MAX_LENGTH = 1_000;
export const MARKETPLACE_SEARCH_MAX_LENGTH = 200;
export const MAX_LISTINGS_PER_AUTHOR = 100;
/** A paid listing's price in minor units: at least 1.00, at most 1,000.00. */
export const LISTING_MIN_PRICE = 100;
export const LISTING_MAX_PRICE = 100_000;
export const MARKETPLACE_PAGE_SIZE = 24;

// ---- vocabularies ----

export const listingKinds = ['prompt', 'category'] as const;
export const listingKindSchema = z.enum(listingKinds);
export type ListingKind = z.infer<typeof listingKindSchema>;

/** What a listing is about: the marketplace's own filter, translated in the interface. */
export const listingTopics = [
  'aml-kyc',
  'sanctions-fatf',
  'investment-advice',
  'us-advisers',
  'data-protection',
  'risk-governance',
  'other',
] as const;
export const listingTopicSchema = z.enum(listingTopics);
export type ListingTopic = z.infer<typeof listingTopicSchema>;

export const listingLanguageSchema = z.enum(locales);

export const listingStatuses = ['published', 'unpublished', 'removed'] as const;
export type ListingStatus = (typeof listingStatuses)[number];

export const marketplaceSorts = ['popular', 'rating', 'newest', 'priceLow', 'priceHigh'] as const;
export const marketplaceSortSchema = z.enum(marketplaceSorts);
export type MarketplaceSort = z.infer<typeof marketplaceSortSchema>;

// ---- publishing ----

const priceSchema = z
  .object({
    currency: currencySchema,
    /** Minor units; 0 for a free listing. */
    amount: z.number().int().min(0),
  })
  .refine((price) => price.amount === 0 || (price.amount >= LISTING_MIN_PRICE && price.amount <= LISTING_MAX_PRICE), {
    path: ['amount'],
    message: 'marketplace:validation.price',
  });
export type ListingPrice = z.infer<typeof priceSchema>;

const listingTextShape = {
  title: displayText(LISTING_TITLE_MAX_LENGTH, {
    required: 'errors:validation.required',
    tooLong: 'marketplace:validation.titleTooLong',
  }),
  teaser: displayText(LISTING_TEASER_MAX_LENGTH, {
    required: 'errors:validation.required',
    tooLong: 'marketplace:validation.teaserTooLong',
  }),
  description: z.string().trim().max(LISTING_DESCRIPTION_MAX_LENGTH, 'marketplace:validation.descriptionTooLong'),
  exampleOutput: z.string().trim().max(LISTING_EXAMPLE_MAX_LENGTH, 'marketplace:validation.exampleTooLong'),
  topic: listingTopicSchema,
  language: listingLanguageSchema,
  price: priceSchema,
};

/** Publishing a prompt or a category of the caller's library: its current content is the snapshot. */
export const publishListingInputSchema = z.object({
  kind: listingKindSchema,
  sourceId: z.uuid(),
  ...listingTextShape,
});
export type PublishListingInput = z.infer<typeof publishListingInputSchema>;

/** Changing a listing's page; `refreshContent` publishes the source's current content as a new version. */
export const updateListingInputSchema = z
  .object({
    ...listingTextShape,
    status: z.enum(['published', 'unpublished']),
    refreshContent: z.boolean(),
  })
  .partial();
export type UpdateListingInput = z.infer<typeof updateListingInputSchema>;

// ---- browsing ----

export const marketplaceQuerySchema = z.object({
  q: searchText(MARKETPLACE_SEARCH_MAX_LENGTH).optional(),
  topic: listingTopicSchema.optional(),
  language: listingLanguageSchema.optional(),
  kind: listingKindSchema.optional(),
  price: z.enum(['free', 'paid']).optional(),
  minRating: z.coerce.number().int().min(1).max(5).optional(),
  sort: marketplaceSortSchema.optional(),
  page: z.coerce.number().int().min(1).max(1000).optional(),
});
export type MarketplaceQuery = z.infer<typeof marketplaceQuerySchema>;

/** A placeholder as a listing shows it: what the buyer will be asked, never the text around it. */
export const listingPlaceholderSchema = z.object({
  name: z.string(),
  description: z.string(),
  type: placeholderTypeSchema,
  required: z.boolean(),
});
export type ListingPlaceholder = z.infer<typeof listingPlaceholderSchema>;

export function toListingPlaceholder({ name, description, type, required }: Placeholder): ListingPlaceholder {
  return { name, description, type, required };
}

export const listingAuthorSchema = z.object({ id: z.uuid(), name: z.string() });

export const listingSummarySchema = z.object({
  id: z.uuid(),
  kind: listingKindSchema,
  title: z.string(),
  teaser: z.string(),
  topic: listingTopicSchema,
  language: listingLanguageSchema,
  price: z.object({ currency: currencySchema, amount: z.number().int() }),
  author: listingAuthorSchema,
  promptCount: z.number().int(),
  /** Average of the reviews' ratings (1–5), null before the first review. */
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
  buyerCount: z.number().int(),
  status: z.enum(listingStatuses),
  /** The caller holds a licence (bought it, or got it for free). */
  owned: z.boolean(),
  /** The caller is its author. */
  mine: z.boolean(),
  publishedAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ListingSummary = z.infer<typeof listingSummarySchema>;

export const marketplaceListResponseSchema = z.object({
  listings: z.array(listingSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type MarketplaceListResponse = z.infer<typeof marketplaceListResponseSchema>;

export const listingItemSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  placeholders: z.array(listingPlaceholderSchema),
});
export type ListingItem = z.infer<typeof listingItemSchema>;

export const reviewSchema = z.object({
  id: z.uuid(),
  rating: z.number().int().min(1).max(5),
  text: z.string(),
  reviewer: z.object({ id: z.uuid(), name: z.string() }),
  reply: z.string().nullable(),
  repliedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  mine: z.boolean(),
});
export type Review = z.infer<typeof reviewSchema>;

export const listingDetailSchema = listingSummarySchema.extend({
  description: z.string(),
  exampleOutput: z.string(),
  /** The published content's version: each "publish update" adds one. */
  version: z.number().int(),
  items: z.array(listingItemSchema),
  reviews: z.array(reviewSchema),
  /** The caller may review it (a buyer who is not its author). */
  canReview: z.boolean(),
  /** The caller is a moderator (an admin): they may take the listing down. */
  canModerate: z.boolean(),
});
export type ListingDetail = z.infer<typeof listingDetailSchema>;

// ---- buying ----

export const purchaseResultSchema = z.object({
  /** `owned`: the licence is held now; `checkout`: pay at `checkoutUrl` first. */
  status: z.enum(['owned', 'checkout']),
  checkoutUrl: z.string().nullable(),
});
export type PurchaseResult = z.infer<typeof purchaseResultSchema>;

export const verifyPurchaseInputSchema = z.object({ sessionId: z.string().min(1).max(255) });
export const verifyPurchaseResultSchema = z.object({
  listingId: z.uuid(),
  status: z.enum(['paid', 'pending', 'failed']),
});
export type VerifyPurchaseResult = z.infer<typeof verifyPurchaseResultSchema>;

/** A licensed prompt: what the buyer uses (instructions included), read-only. */
export const licensedPromptSchema = z.object({
  id: z.uuid(),
  listingId: z.uuid(),
  listingTitle: z.string(),
  author: listingAuthorSchema,
  title: z.string(),
  instructions: z.string(),
  placeholders: z.array(
    z.object({
      name: z.string(),
      description: z.string(),
      type: placeholderTypeSchema,
      required: z.boolean(),
      defaultValue: z.string(),
      options: z.array(z.string()),
    }),
  ),
  version: z.number().int(),
  updatedAt: z.iso.datetime(),
});
export type LicensedPrompt = z.infer<typeof licensedPromptSchema>;

export const licensedPromptListSchema = z.object({
  prompts: z.array(licensedPromptSchema.omit({ instructions: true })),
});
export type LicensedPromptList = z.infer<typeof licensedPromptListSchema>;

// ---- reviews and reports ----

export const reviewInputSchema = z.object({
  rating: z.number().int().min(1, 'marketplace:validation.rating').max(5, 'marketplace:validation.rating'),
  text: z.string().trim().max(REVIEW_TEXT_MAX_LENGTH, 'marketplace:validation.reviewTooLong'),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;

export const reviewReplyInputSchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, 'errors:validation.required')
    .max(REVIEW_TEXT_MAX_LENGTH, 'marketplace:validation.reviewTooLong'),
});
export type ReviewReplyInput = z.infer<typeof reviewReplyInputSchema>;

export const reportInputSchema = z.object({
  /** A review of the listing, when the report is about it rather than the listing. */
  reviewId: z.uuid().optional(),
  reason: z
    .string()
    .trim()
    .min(1, 'errors:validation.required')
    .max(REPORT_REASON_MAX_LENGTH, 'marketplace:validation.reasonTooLong'),
});
export type ReportInput = z.infer<typeof reportInputSchema>;

// ---- authors ----

export const authorProfileInputSchema = z.object({
  bio: z.string().trim().max(AUTHOR_BIO_MAX_LENGTH, 'marketplace:validation.bioTooLong'),
});
export type AuthorProfileInput = z.infer<typeof authorProfileInputSchema>;

export const authorPageSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  bio: z.string(),
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
  listings: z.array(listingSummarySchema),
  mine: z.boolean(),
});
export type AuthorPage = z.infer<typeof authorPageSchema>;

export const authorListingSchema = listingSummarySchema.extend({
  /** The prompt or category of the author's library it publishes (null once that is deleted). */
  sourceId: z.uuid().nullable(),
  version: z.number().int(),
  sales: z.number().int(),
  /** Paid, not refunded, in the listing's currency (minor units). */
  revenue: z.number().int(),
  description: z.string(),
  exampleOutput: z.string(),
});
export type AuthorListing = z.infer<typeof authorListingSchema>;

export const authorListingsResponseSchema = z.object({
  listings: z.array(authorListingSchema),
  bio: z.string(),
  /** Whether the caller's plan lets them set a price (free listings are open to everyone). */
  canSell: z.boolean(),
});
export type AuthorListingsResponse = z.infer<typeof authorListingsResponseSchema>;

// ---- moderation ----

export const marketplaceReportSchema = z.object({
  id: z.uuid(),
  listing: z.object({ id: z.uuid(), title: z.string(), status: z.enum(listingStatuses) }),
  review: z.object({ id: z.uuid(), text: z.string(), rating: z.number().int() }).nullable(),
  /** Null when the marketplace flagged it itself (a near-duplicate at publishing). */
  reporter: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  reason: z.string(),
  /** The automatic flag: the other author's listing whose instructions this one nearly repeats. */
  duplicateOf: z
    .object({ id: z.uuid(), title: z.string(), authorName: z.string(), similarity: z.number().int() })
    .nullable(),
  createdAt: z.iso.datetime(),
});
export type MarketplaceReport = z.infer<typeof marketplaceReportSchema>;

export const resolveReportInputSchema = z.object({
  action: z.enum(['dismiss', 'removeListing', 'removeReview']),
});
export type ResolveReportInput = z.infer<typeof resolveReportInputSchema>;

export const marketplacePurchaseSchema = z.object({
  id: z.uuid(),
  listing: z.object({ id: z.uuid(), title: z.string() }),
  buyer: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
  amount: z.number().int(),
  currency: currencySchema,
  status: z.enum(['pending', 'paid', 'refunded', 'failed']),
  createdAt: z.iso.datetime(),
  paidAt: z.iso.datetime().nullable(),
});
export type MarketplacePurchase = z.infer<typeof marketplacePurchaseSchema>;

export const marketplaceModerationSchema = z.object({
  reports: z.array(marketplaceReportSchema),
  purchases: z.array(marketplacePurchaseSchema),
});
export type MarketplaceModeration = z.infer<typeof marketplaceModerationSchema>;
