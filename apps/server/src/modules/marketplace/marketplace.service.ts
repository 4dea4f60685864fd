import {
  MARKETPLACE_PAGE_SIZE,
  MAX_LISTINGS_PER_AUTHOR,
  toListingPlaceholder,
  type AuthorListingsResponse,
  type AuthorPage,
  type AuthorProfileInput,
  type LicensedPrompt,
  type LicensedPromptList,
  type ListingDetail,
  type ListingSummary,
  type MarketplaceListResponse,
  type MarketplaceModeration,
  type MarketplaceQuery,
  type PublishListingInput,
  type PurchaseResult,
  type ReportInput,
  type ResolveReportInput,
  type ReviewInput,
  type UpdateListingInput,
  type VerifyPurchaseResult,
} from '@compliance/shared/marketplace';
import { type UsePromptInput, type UsePromptResult } from '@compliance/shared/prompts';
import { AppError } from '../../plugins/errors.ts';
import type { Access } from '../access/access.ts';
import type { Actor, UserActor } from '../access/actor.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { PaymentOutcome, PaymentsService } from '../billing/payments.service.ts';
import type { EntitlementsService } from '../entitlements/entitlements.service.ts';
import type { PromptsService } from '../prompts/prompts.service.ts';
import { checkOriginality, normaliseInstructions, type Originality } from './originality.ts';
import type { ListingReadRow, MarketplaceRepository, ReviewReadRow } from './marketplace.repository.ts';

/** The payments purpose this module's checkouts carry. */
export const MARKETPLACE_PAYMENT_PURPOSE = 'marketplace';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (value: Date | string) => new Date(value).toISOString();

const listingNotFound = () => new AppError('LISTING_NOT_FOUND', 404, 'Listing not found');

export interface MarketplaceServiceDeps {
  access: Access;
  repository: MarketplaceRepository;
  prompts: PromptsService;
  payments: PaymentsService;
  entitlements: EntitlementsService;
  audit: AuditService;
}

function toSummary(row: ListingReadRow, callerId: string): ListingSummary {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    teaser: row.teaser,
    topic: row.topic as ListingSummary['topic'],
    language: row.language as ListingSummary['language'],
    price: { currency: row.currency, amount: row.price },
    author: { id: row.author_id, name: row.author_name },
    promptCount: row.prompt_count,
    rating: row.rating === null ? null : Math.round(row.rating * 10) / 10,
    reviewCount: row.review_count,
    buyerCount: row.buyer_count,
    status: row.status,
    owned: row.owned,
    mine: row.author_id === callerId,
    publishedAt: iso(row.published_at),
    updatedAt: iso(row.updated_at),
  };
}

function toReview(row: ReviewReadRow, callerId: string) {
  return {
    id: row.id,
    rating: row.rating,
    text: row.text,
    reviewer: { id: row.reviewer_id, name: row.reviewer_name },
    reply: row.reply,
    repliedAt: row.replied_at ? iso(row.replied_at) : null,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    mine: row.reviewer_id === callerId,
  };
}

/**
 * The prompt marketplace. Authors publish a snapshot of their library; buyers hold licences that
 * follow the author's published updates. Instructions leave the server only in a licensed prompt,
 * for its buyer. A paid licence comes only from a payment the provider confirmed (payments module).
 */
export function createMarketplaceService({
  access,
  repository,
  prompts,
  payments,
  entitlements,
  audit,
}: MarketplaceServiceDeps) {
  /**
   * A listing the caller may see: published ones for everyone; unpublished or removed ones only
   * for their author, their buyers (who keep what they bought) and moderators. Anything else is not
   * found.
   */
  async function visibleListing(caller: UserActor, id: string): Promise<ListingReadRow> {
    if (!UUID_PATTERN.test(id)) throw listingNotFound();
    const row = await repository.listing(caller.user.id, id);
    if (!row) throw listingNotFound();
    if (row.status === 'published' || row.author_id === caller.user.id || row.owned) return row;
    // Moderators see what they took down (and what its author withdrew).
    if (await access.can(caller, 'marketplace.moderate')) return row;
    throw listingNotFound();
  }

  /** A listing of the caller's own; someone else's is not found. */
  async function ownListing(caller: UserActor, id: string) {
    if (!UUID_PATTERN.test(id)) throw listingNotFound();
    const row = await repository.listingRow(id);
    if (!row || row.authorId !== caller.user.id) throw listingNotFound();
    return row;
  }

  /** Setting a price takes a plan that includes marketplace selling; free listings are open to all. */
  async function requireSelling(caller: UserActor, price: number): Promise<void> {
    if (price === 0) return;
    const plan = await entitlements.planFor(caller);
    if (!plan.limits.marketplaceSelling) {
      throw new AppError('MARKETPLACE_SELLING_NOT_IN_PLAN', 403, 'Your plan does not include selling prompts');
    }
  }

  async function snapshot(caller: UserActor, kind: 'prompt' | 'category', sourceId: string) {
    const content = await prompts.publishableContent(caller, { kind, id: sourceId });
    if (content.prompts.length === 0) {
      throw new AppError('LISTING_SOURCE_EMPTY', 400, 'A category needs at least one prompt to be published');
    }
    return content.prompts;
  }

  /**
   * Publishing a copy: the same instructions as another author's published listing (whatever the
   * case and spacing) are refused; nearly the same are let through and flagged afterwards.
   */
  async function originalityOf(caller: UserActor, items: { instructions: string }[]): Promise<Originality> {
    const lengths = items.map((item) => normaliseInstructions(item.instructions).length);
    const published = await repository.publishedTextsOfOthers(caller.user.id, {
      min: Math.min(...lengths) * 0.7,
      max: Math.max(...lengths) * 1.45,
    });
    const verdict = checkOriginality(
      items.map((item) => item.instructions),
      published,
    );
    if (verdict.verdict === 'duplicate') {
      throw new AppError('LISTING_DUPLICATE', 409, 'Another author already offers the same instructions');
    }
    return verdict;
  }

  /** A near-duplicate goes to the admins' moderation queue as a flagged listing. */
  async function flagIfNearDuplicate(listingId: string, verdict: Originality): Promise<void> {
    if (verdict.verdict !== 'nearDuplicate') return;
    const similarity = Math.floor(verdict.similarity * 100);
    await repository.insertDuplicateFlag({
      listingId,
      duplicateOfId: verdict.listingId,
      similarity,
      reason: `Automatic check: the instructions are ${similarity}% the same as another author's listing`,
    });
  }

  async function detail(caller: UserActor, row: ListingReadRow): Promise<ListingDetail> {
    const [items, reviews] = await Promise.all([repository.items(row.id), repository.reviews(row.id)]);
    const mine = row.author_id === caller.user.id;
    return {
      ...toSummary(row, caller.user.id),
      description: row.description,
      exampleOutput: row.example_output,
      version: row.version,
      // Titles and what each placeholder asks for; the instructions never leave here.
      items: items.map((item) => ({
        id: item.id,
        title: item.title,
        placeholders: item.placeholders.map(toListingPlaceholder),
      })),
      reviews: reviews.map((review) => toReview(review, caller.user.id)),
      canReview: row.owned && !mine,
      canModerate: await access.can(caller, 'marketplace.moderate'),
    };
  }

  return {
    /** Grants or gives up a purchase once its payment is settled (the payments module tells it). */
    async settlePurchase(purchaseId: string, outcome: PaymentOutcome): Promise<void> {
      if (!UUID_PATTERN.test(purchaseId)) return;
      if (outcome === 'expired') {
        await repository.markPurchaseFailed(purchaseId);
        return;
      }
      // Refunded at the provider (not through the admin area): the licence ends all the same.
      if (outcome === 'refunded') {
        const purchase = await repository.purchase(purchaseId);
        if (purchase?.status === 'paid') await repository.markPurchaseRefunded(purchaseId);
        return;
      }
      // A second checkout paid for a licence already held (two tabs): that money goes back.
      if ((await repository.markPurchasePaid(purchaseId)) === 'duplicate') {
        const purchase = await repository.purchase(purchaseId);
        if (purchase?.paymentId) await payments.refund(purchase.paymentId, 'duplicate');
      }
    },

    async browse(actor: Actor, query: MarketplaceQuery): Promise<MarketplaceListResponse> {
      const caller = await access.require(actor, 'marketplace.read');
      const page = query.page ?? 1;
      const { rows, total } = await repository.browse(caller.user.id, query, {
        limit: MARKETPLACE_PAGE_SIZE,
        offset: (page - 1) * MARKETPLACE_PAGE_SIZE,
      });
      return {
        listings: rows.map((row) => toSummary(row, caller.user.id)),
        total,
        page,
        pageSize: MARKETPLACE_PAGE_SIZE,
      };
    },

    async listing(actor: Actor, { id }: { id: string }): Promise<ListingDetail> {
      const caller = await access.require(actor, 'marketplace.read');
      return detail(caller, await visibleListing(caller, id));
    },

    /** Publishes a prompt or a whole category of the caller's library as it is now. */
    async publish(actor: Actor, input: PublishListingInput): Promise<ListingDetail> {
      const caller = await access.require(actor, 'marketplace.sell');
      await requireSelling(caller, input.price.amount);
      if ((await repository.countAuthorListings(caller.user.id)) >= MAX_LISTINGS_PER_AUTHOR) {
        throw new AppError('LISTING_LIMIT_REACHED', 409, `At most ${MAX_LISTINGS_PER_AUTHOR} listings per author`);
      }
      const items = await snapshot(caller, input.kind, input.sourceId);
      const originality = await originalityOf(caller, items);
      const id = await repository.insertListing(
        {
          authorId: caller.user.id,
          kind: input.kind,
          sourceId: input.sourceId,
          title: input.title,
          teaser: input.teaser,
          description: input.description,
          exampleOutput: input.exampleOutput,
          topic: input.topic,
          language: input.language,
          currency: input.price.currency,
          price: input.price.amount,
        },
        items,
      );
      await flagIfNearDuplicate(id, originality);
      return detail(caller, (await repository.listing(caller.user.id, id))!);
    },

    /** The author changes the page, publishes an update of the content, or (un)publishes. */
    async updateListing(actor: Actor, { id, ...input }: UpdateListingInput & { id: string }): Promise<ListingDetail> {
      const caller = await access.require(actor, 'marketplace.sell');
      const listing = await ownListing(caller, id);
      if (listing.status === 'removed') {
        throw new AppError('LISTING_REMOVED', 409, 'A moderator removed this listing');
      }
      if (input.price) await requireSelling(caller, input.price.amount);
      if (input.refreshContent) {
        if (!listing.sourceId) throw new AppError('PROMPT_NOT_FOUND', 404, 'The published prompt no longer exists');
        const items = await snapshot(caller, listing.kind, listing.sourceId);
        const originality = await originalityOf(caller, items);
        await repository.refreshItems(listing.id, items);
        await flagIfNearDuplicate(listing.id, originality);
      }
      const changes = {
        title: input.title,
        teaser: input.teaser,
        description: input.description,
        exampleOutput: input.exampleOutput,
        topic: input.topic,
        language: input.language,
        currency: input.price?.currency,
        price: input.price?.amount,
        status: input.status,
        ...(input.status === 'published' && listing.status !== 'published' ? { publishedAt: new Date() } : {}),
      };
      const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
      if (Object.keys(defined).length > 0) await repository.updateListing(listing.id, defined);
      return detail(caller, (await repository.listing(caller.user.id, listing.id))!);
    },

    /** The caller's listings with their sales, and whether their plan lets them set a price. */
    async myListings(actor: Actor): Promise<AuthorListingsResponse> {
      const caller = await access.require(actor, 'marketplace.sell');
      const [rows, sales, bio, plan] = await Promise.all([
        repository.authorListings(caller.user.id, caller.user.id, false),
        repository.sales(caller.user.id),
        repository.bio(caller.user.id),
        entitlements.planFor(caller),
      ]);
      return {
        bio,
        canSell: plan.limits.marketplaceSelling,
        listings: rows.map((row) => ({
          ...toSummary(row, caller.user.id),
          sourceId: row.source_id,
          version: row.version,
          sales: sales.get(row.id)?.sales ?? 0,
          revenue: sales.get(row.id)?.revenue ?? 0,
          description: row.description,
          exampleOutput: row.example_output,
        })),
      };
    },

    async setProfile(actor: Actor, input: AuthorProfileInput): Promise<{ bio: string }> {
      const caller = await access.require(actor, 'marketplace.sell');
      await repository.setBio(caller.user.id, input.bio);
      return { bio: input.bio };
    },

    /** An author's public page: someone with nothing published is not found (except to themselves). */
    async authorPage(actor: Actor, { id }: { id: string }): Promise<AuthorPage> {
      const caller = await access.require(actor, 'marketplace.read');
      if (!UUID_PATTERN.test(id)) throw new AppError('AUTHOR_NOT_FOUND', 404, 'Author not found');
      const mine = id === caller.user.id;
      const rows = await repository.authorListings(caller.user.id, id, true);
      const name = await repository.authorName(id);
      if (name === null || (rows.length === 0 && !mine))
        throw new AppError('AUTHOR_NOT_FOUND', 404, 'Author not found');
      const rated = rows.filter((row) => row.rating !== null);
      const reviewCount = rated.reduce((sum, row) => sum + row.review_count, 0);
      const weighted = rated.reduce((sum, row) => sum + (row.rating ?? 0) * row.review_count, 0);
      return {
        id,
        name,
        bio: await repository.bio(id),
        rating: reviewCount > 0 ? Math.round((weighted / reviewCount) * 10) / 10 : null,
        reviewCount,
        listings: rows.map((row) => toSummary(row, caller.user.id)),
        mine,
      };
    },

    /**
     * Buys a listing. Free: the licence at once. Paid: a checkout at the payments provider; the
     * licence follows only the provider's confirmation. Idempotent: an owned listing stays owned,
     * and a second click reuses the pending purchase (and, through its reference, the same checkout).
     */
    async purchase(actor: Actor, { id }: { id: string }): Promise<PurchaseResult> {
      const caller = await access.require(actor, 'marketplace.buy');
      const row = await visibleListing(caller, id);
      if (row.owned) return { status: 'owned', checkoutUrl: null };
      if (row.author_id === caller.user.id) throw new AppError('LISTING_OWN', 409, 'This is your own listing');
      if (row.status !== 'published') throw new AppError('LISTING_NOT_FOR_SALE', 409, 'This listing is not for sale');
      const listing = (await repository.listingRow(id))!;
      if (listing.price === 0) {
        await repository.grantFree(listing, caller.user.id);
        return { status: 'owned', checkoutUrl: null };
      }
      const purchase = await repository.pendingPurchase(listing, caller.user.id);
      const path = `/prompt-marketplace/listings/${listing.id}`;
      const started = await payments.start(caller, {
        purpose: MARKETPLACE_PAYMENT_PURPOSE,
        reference: purchase.id,
        description: listing.title,
        currency: purchase.currency,
        amount: purchase.amount,
        successPath: `${path}?session_id={CHECKOUT_SESSION_ID}`,
        cancelPath: `${path}?checkout=cancelled`,
      });
      await repository.setPurchasePayment(purchase.id, started.paymentId);
      return { status: 'checkout', checkoutUrl: started.url };
    },

    /** The listing page's check on return from the checkout: asks the provider, never the redirect. */
    async verifyPurchase(actor: Actor, { sessionId }: { sessionId: string }): Promise<VerifyPurchaseResult> {
      const caller = await access.require(actor, 'marketplace.buy');
      const payment = await payments.verify(caller, sessionId);
      const purchase =
        payment.purpose === MARKETPLACE_PAYMENT_PURPOSE ? await repository.purchase(payment.reference) : null;
      if (!purchase || purchase.buyerId !== caller.user.id) {
        throw new AppError('CHECKOUT_NOT_FOUND', 404, 'No such checkout');
      }
      const held = await repository.paidPurchase(purchase.listingId, caller.user.id);
      return {
        listingId: purchase.listingId,
        status: held ? 'paid' : payment.status === 'open' ? 'pending' : 'failed',
      };
    },

    async licensedPrompts(actor: Actor): Promise<LicensedPromptList> {
      const caller = await access.require(actor, 'marketplace.read');
      const rows = await repository.licensedItems(caller.user.id);
      return {
        prompts: rows.map((row) => ({
          id: row.id,
          listingId: row.listing_id,
          listingTitle: row.listing_title,
          author: { id: row.author_id, name: row.author_name },
          title: row.title,
          placeholders: row.placeholders,
          version: row.version,
          updatedAt: iso(row.updated_at),
        })),
      };
    },

    /** A licensed prompt, instructions included: only for a holder of the licence. */
    async licensedPrompt(actor: Actor, { id }: { id: string }): Promise<LicensedPrompt> {
      const caller = await access.require(actor, 'marketplace.read');
      if (!UUID_PATTERN.test(id)) throw new AppError('PROMPT_NOT_FOUND', 404, 'Prompt not found');
      const [row] = await repository.licensedItems(caller.user.id, id);
      if (!row) throw new AppError('PROMPT_NOT_FOUND', 404, 'Prompt not found');
      return {
        id: row.id,
        listingId: row.listing_id,
        listingTitle: row.listing_title,
        author: { id: row.author_id, name: row.author_name },
        title: row.title,
        instructions: row.instructions,
        placeholders: row.placeholders,
        version: row.version,
        updatedAt: iso(row.updated_at),
      };
    },

    /** Fills a licensed prompt in, with the same checks as a prompt of one's own library. */
    async useLicensedPrompt(
      actor: Actor,
      { id, values, language }: UsePromptInput & { id: string },
    ): Promise<UsePromptResult> {
      const prompt = await this.licensedPrompt(actor, { id });
      return prompts.useLicensed(actor, { promptId: prompt.id, ...prompt }, { values, language });
    },

    /** A verified buyer's review: one per buyer and listing, edited by writing it again. */
    async review(actor: Actor, { id, ...input }: ReviewInput & { id: string }): Promise<ListingDetail> {
      const caller = await access.require(actor, 'marketplace.review');
      const row = await visibleListing(caller, id);
      if (!row.owned || row.author_id === caller.user.id) {
        throw new AppError('REVIEW_NOT_ALLOWED', 403, 'Only buyers can review a listing');
      }
      await repository.upsertReview(id, caller.user.id, input);
      return detail(caller, (await repository.listing(caller.user.id, id))!);
    },

    /** The listing's author answers a review (writing again edits the answer). */
    async reply(actor: Actor, { id, text }: { id: string; text: string }): Promise<ListingDetail> {
      const caller = await access.require(actor, 'marketplace.sell');
      const review = UUID_PATTERN.test(id) ? await repository.review(id) : null;
      if (!review || review.hidden) throw new AppError('REVIEW_NOT_FOUND', 404, 'Review not found');
      const listing = await ownListing(caller, review.listingId).catch(() => {
        throw new AppError('REVIEW_NOT_FOUND', 404, 'Review not found');
      });
      await repository.setReply(id, text);
      return detail(caller, (await repository.listing(caller.user.id, listing.id))!);
    },

    /** Reports a listing, or one of its reviews, to the admins' queue. */
    async report(actor: Actor, { id, reviewId, reason }: ReportInput & { id: string }): Promise<void> {
      const caller = await access.require(actor, 'marketplace.read');
      await visibleListing(caller, id);
      if (reviewId) {
        const review = await repository.review(reviewId);
        if (!review || review.listingId !== id || review.hidden) {
          throw new AppError('REVIEW_NOT_FOUND', 404, 'Review not found');
        }
      }
      await repository.insertReport({ listingId: id, reviewId: reviewId ?? null, reporterId: caller.user.id, reason });
    },

    // ---- admins ----

    async moderation(actor: Actor): Promise<MarketplaceModeration> {
      await access.require(actor, 'marketplace.moderate');
      const [reports, purchases] = await Promise.all([repository.openReports(), repository.recentPurchases()]);
      return {
        reports: reports.map((row) => ({
          id: row.id,
          listing: { id: row.listing_id, title: row.listing_title, status: row.listing_status },
          review:
            row.review_id === null
              ? null
              : { id: row.review_id, text: row.review_text ?? '', rating: row.review_rating ?? 0 },
          reporter: row.reporter_id ? { id: row.reporter_id, name: row.reporter_name ?? '' } : null,
          reason: row.reason,
          duplicateOf:
            row.duplicate_of_id && row.similarity !== null
              ? {
                  id: row.duplicate_of_id,
                  title: row.duplicate_of_title ?? '',
                  authorName: row.duplicate_of_author ?? '',
                  similarity: row.similarity,
                }
              : null,
          createdAt: iso(row.created_at),
        })),
        purchases: purchases.map((row) => ({
          id: row.id,
          listing: { id: row.listing_id, title: row.listing_title },
          buyer: { id: row.buyer_id, name: row.buyer_name, email: row.buyer_email },
          amount: row.amount,
          currency: row.currency,
          status: row.status,
          createdAt: iso(row.created_at),
          paidAt: row.paid_at ? iso(row.paid_at) : null,
        })),
      };
    },

    /** Dismisses a report, or acts on it: the listing taken down, or the review hidden. */
    async resolveReport(actor: Actor, { id, action }: ResolveReportInput & { id: string }): Promise<void> {
      const caller = await access.require(actor, 'marketplace.moderate');
      const report = UUID_PATTERN.test(id) ? await repository.report(id) : null;
      if (!report || report.resolvedAt) throw new AppError('REPORT_NOT_FOUND', 404, 'Report not found');
      if (action === 'removeReview' && !report.reviewId) {
        throw new AppError('REVIEW_NOT_FOUND', 404, 'The report is not about a review');
      }
      if (action === 'removeListing') await repository.updateListing(report.listingId, { status: 'removed' });
      if (action === 'removeReview') await repository.hideReview(report.reviewId!);
      await repository.resolveReport(report, action);
      const auditAction =
        action === 'removeListing'
          ? 'admin.marketplace_listing_removed'
          : action === 'removeReview'
            ? 'admin.marketplace_review_removed'
            : 'admin.marketplace_report_dismissed';
      await audit.record(auditAction, {
        actor: { id: caller.user.id, email: caller.user.email },
        metadata: { reportId: id, listingId: report.listingId, reviewId: report.reviewId },
      });
    },

    /** A moderator takes a listing down without a report (its buyers keep their licence). */
    async removeListing(actor: Actor, { id }: { id: string }): Promise<void> {
      const caller = await access.require(actor, 'marketplace.moderate');
      const listing = UUID_PATTERN.test(id) ? await repository.listingRow(id) : null;
      if (!listing) throw listingNotFound();
      if (listing.status === 'removed') return;
      await repository.updateListing(listing.id, { status: 'removed' });
      await repository.resolveReport({ listingId: listing.id, reviewId: null }, 'removeListing');
      await audit.record('admin.marketplace_listing_removed', {
        actor: { id: caller.user.id, email: caller.user.email },
        metadata: { listingId: listing.id, title: listing.title },
      });
    },

    /** Gives a purchase's money back at the provider; the licence ends with it. */
    async refund(actor: Actor, { id }: { id: string }): Promise<void> {
      const caller = await access.require(actor, 'marketplace.moderate');
      const purchase = UUID_PATTERN.test(id) ? await repository.purchase(id) : null;
      if (!purchase) throw new AppError('PURCHASE_NOT_FOUND', 404, 'Purchase not found');
      if (purchase.status === 'refunded') return;
      if (purchase.status !== 'paid') throw new AppError('CONFLICT', 409, 'Only a paid purchase can be refunded');
      if (purchase.paymentId) await payments.refund(purchase.paymentId);
      await repository.markPurchaseRefunded(purchase.id);
      await audit.record('admin.marketplace_purchase_refunded', {
        actor: { id: caller.user.id, email: caller.user.email },
        target: { id: purchase.buyerId, email: (await repository.userEmail(purchase.buyerId)) ?? '' },
        metadata: {
          purchaseId: purchase.id,
          listingId: purchase.listingId,
          amount: purchase.amount,
          currency: purchase.currency,
        },
      });
    },
  };
}

export type MarketplaceService = ReturnType<typeof createMarketplaceService>;
