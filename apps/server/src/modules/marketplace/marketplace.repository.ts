import { isDeepStrictEqual } from 'node:util';
import type { MarketplaceQuery, MarketplaceSort } from '@compliance/shared/marketplace';
import type { Placeholder } from '@compliance/shared/prompts';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import {
  marketplaceAuthors,
  marketplaceListingItems,
  marketplaceListings,
  marketplacePurchases,
  marketplaceReports,
  marketplaceReviews,
  type MarketplaceListingItemRow,
  type MarketplaceListingRow,
  type MarketplacePurchaseRow,
} from '../../db/schema/index.ts';

export type NewListing = typeof marketplaceListings.$inferInsert;

/** A prompt of the author's library as publishing copies it. */
export interface SnapshotPrompt {
  id: string;
  title: string;
  instructions: string;
  placeholders: Placeholder[];
}

/** A listing with what browsing shows beside it: author, counts, rating, and the caller's licence. */
export interface ListingReadRow extends Record<string, unknown> {
  id: string;
  author_id: string;
  author_name: string;
  kind: 'prompt' | 'category';
  source_id: string | null;
  title: string;
  teaser: string;
  description: string;
  example_output: string;
  topic: string;
  language: string;
  currency: 'CHF' | 'EUR' | 'USD';
  price: number;
  status: 'published' | 'unpublished' | 'removed';
  version: number;
  published_at: Date | string;
  updated_at: Date | string;
  prompt_count: number;
  rating: number | null;
  review_count: number;
  buyer_count: number;
  owned: boolean;
  total: number;
}

export interface ReviewReadRow extends Record<string, unknown> {
  id: string;
  rating: number;
  text: string;
  reply: string | null;
  replied_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  reviewer_id: string;
  reviewer_name: string;
}

const orderings: Record<MarketplaceSort, SQL> = {
  popular: sql`buyer_count desc, rating desc nulls last, published_at desc, id`,
  rating: sql`rating desc nulls last, review_count desc, published_at desc, id`,
  newest: sql`published_at desc, id`,
  priceLow: sql`price asc, published_at desc, id`,
  priceHigh: sql`price desc, published_at desc, id`,
};

const escapeLike = (value: string) => `%${value.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;

/** The listing columns and aggregates every read shares; `caller` decides `owned`. */
function listingSelect(caller: string, where: SQL): SQL {
  return sql`select l.id, l.author_id, trim(u.first_name || ' ' || u.last_name) as author_name, l.kind,
      l.source_id, l.title, l.teaser, l.description, l.example_output, l.topic, l.language, l.currency,
      l.price, l.status, l.version, l.published_at, l.updated_at,
      (select count(*) from marketplace_listing_items i where i.listing_id = l.id)::int as prompt_count,
      (select avg(r.rating)::float8 from marketplace_reviews r where r.listing_id = l.id and not r.hidden) as rating,
      (select count(*) from marketplace_reviews r where r.listing_id = l.id and not r.hidden)::int as review_count,
      (select count(*) from marketplace_purchases p where p.listing_id = l.id and p.status = 'paid')::int as buyer_count,
      exists (select 1 from marketplace_purchases p
              where p.listing_id = l.id and p.buyer_id = ${caller} and p.status = 'paid') as owned
    from marketplace_listings l join users u on u.id = l.author_id
    where ${where}`;
}

export function createMarketplaceRepository(db: Db) {
  return {
    /** Published listings matching the filters, one page, with the total. */
    async browse(caller: string, query: MarketplaceQuery, page: { limit: number; offset: number }) {
      const conditions: SQL[] = [sql`l.status = 'published'`];
      if (query.q) {
        const pattern = escapeLike(query.q);
        conditions.push(
          sql`(l.title ilike ${pattern} or l.teaser ilike ${pattern} or l.description ilike ${pattern}
               or trim(u.first_name || ' ' || u.last_name) ilike ${pattern})`,
        );
      }
      if (query.topic) conditions.push(sql`l.topic = ${query.topic}`);
      if (query.language) conditions.push(sql`l.language = ${query.language}`);
      if (query.kind) conditions.push(sql`l.kind = ${query.kind}`);
      if (query.price === 'free') conditions.push(sql`l.price = 0`);
      if (query.price === 'paid') conditions.push(sql`l.price > 0`);
      const minRating = query.minRating ?? null;
      const rows = await queryRows<ListingReadRow>(
        db,
        sql`with listed as (${listingSelect(caller, sql.join(conditions, sql` and `))})
          select *, count(*) over ()::int as total from listed
          where ${minRating}::float8 is null or rating >= ${minRating}::float8
          order by ${orderings[query.sort ?? 'popular']}
          limit ${page.limit} offset ${page.offset}`,
      );
      return { rows, total: rows[0]?.total ?? 0 };
    },

    async listing(caller: string, id: string): Promise<ListingReadRow | null> {
      const [row] = await queryRows<ListingReadRow>(db, sql`${listingSelect(caller, sql`l.id = ${id}`)}`);
      return row ?? null;
    },

    /** An author's listings (all statuses, or the published ones for their public page). */
    async authorListings(caller: string, authorId: string, publishedOnly: boolean): Promise<ListingReadRow[]> {
      const where = publishedOnly
        ? sql`l.author_id = ${authorId} and l.status = 'published'`
        : sql`l.author_id = ${authorId}`;
      return queryRows<ListingReadRow>(db, sql`${listingSelect(caller, where)} order by l.published_at desc, l.id`);
    },

    async listingRow(id: string): Promise<MarketplaceListingRow | null> {
      const [row] = await db.select().from(marketplaceListings).where(eq(marketplaceListings.id, id));
      return row ?? null;
    },

    async countAuthorListings(authorId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(marketplaceListings)
        .where(eq(marketplaceListings.authorId, authorId));
      return row?.count ?? 0;
    },

    async items(listingId: string): Promise<MarketplaceListingItemRow[]> {
      return db
        .select()
        .from(marketplaceListingItems)
        .where(eq(marketplaceListingItems.listingId, listingId))
        .orderBy(asc(marketplaceListingItems.position), asc(marketplaceListingItems.id));
    },

    /** A new listing and its snapshot, in one transaction. */
    async insertListing(listing: NewListing, prompts: SnapshotPrompt[]): Promise<string> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(marketplaceListings).values(listing).returning({ id: marketplaceListings.id });
        await tx.insert(marketplaceListingItems).values(
          prompts.map((prompt, position) => ({
            listingId: row!.id,
            sourcePromptId: prompt.id,
            title: prompt.title,
            instructions: prompt.instructions,
            placeholders: prompt.placeholders,
            position,
          })),
        );
        return row!.id;
      });
    },

    async updateListing(id: string, changes: Partial<NewListing>): Promise<void> {
      await db
        .update(marketplaceListings)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(marketplaceListings.id, id));
    },

    /**
     * Publishes the source's current content as the listing's next version: a prompt already in the
     * listing is updated in place (buyers follow it), a new one is added at the end. Prompts the
     * author no longer has stay: buyers keep what they bought.
     */
    async refreshItems(listingId: string, prompts: SnapshotPrompt[]): Promise<number> {
      return db.transaction(async (tx) => {
        const [listing] = await tx
          .select({ version: marketplaceListings.version })
          .from(marketplaceListings)
          .where(eq(marketplaceListings.id, listingId))
          .for('update');
        const version = (listing?.version ?? 0) + 1;
        const existing = await tx
          .select()
          .from(marketplaceListingItems)
          .where(eq(marketplaceListingItems.listingId, listingId));
        const bySource = new Map(existing.map((item) => [item.sourcePromptId, item]));
        let position = existing.reduce((last, item) => Math.max(last, item.position), -1);
        for (const prompt of prompts) {
          const item = bySource.get(prompt.id);
          const content = { title: prompt.title, instructions: prompt.instructions, placeholders: prompt.placeholders };
          if (!item) {
            position += 1;
            await tx
              .insert(marketplaceListingItems)
              .values({ listingId, sourcePromptId: prompt.id, ...content, version, position });
          } else if (
            // jsonb reorders keys: compare values, not their serialisation.
            !isDeepStrictEqual(content, {
              title: item.title,
              instructions: item.instructions,
              placeholders: item.placeholders,
            })
          ) {
            await tx
              .update(marketplaceListingItems)
              .set({ ...content, version, updatedAt: new Date() })
              .where(eq(marketplaceListingItems.id, item.id));
          }
        }
        await tx
          .update(marketplaceListings)
          .set({ version, updatedAt: new Date() })
          .where(eq(marketplaceListings.id, listingId));
        return version;
      });
    },

    /** Sales of each of an author's listings: paid purchases and their sum. */
    async sales(authorId: string): Promise<Map<string, { sales: number; revenue: number }>> {
      const rows = await queryRows<{ listing_id: string; sales: number; revenue: number }>(
        db,
        sql`select p.listing_id, count(*)::int as sales, coalesce(sum(p.amount), 0)::int as revenue
            from marketplace_purchases p join marketplace_listings l on l.id = p.listing_id
            where l.author_id = ${authorId} and p.status = 'paid' group by p.listing_id`,
      );
      return new Map(rows.map((row) => [row.listing_id, { sales: row.sales, revenue: row.revenue }]));
    },

    // ---- purchases ----

    async paidPurchase(listingId: string, buyerId: string): Promise<MarketplacePurchaseRow | null> {
      const [row] = await db
        .select()
        .from(marketplacePurchases)
        .where(
          and(
            eq(marketplacePurchases.listingId, listingId),
            eq(marketplacePurchases.buyerId, buyerId),
            eq(marketplacePurchases.status, 'paid'),
          ),
        );
      return row ?? null;
    },

    /** The buyer's one pending purchase of a listing, created if there is none (a double click finds the first). */
    async pendingPurchase(listing: MarketplaceListingRow, buyerId: string): Promise<MarketplacePurchaseRow> {
      await db
        .insert(marketplacePurchases)
        .values({
          listingId: listing.id,
          buyerId,
          amount: listing.price,
          currency: listing.currency,
          status: 'pending',
        })
        .onConflictDoNothing();
      const [row] = await db
        .select()
        .from(marketplacePurchases)
        .where(
          and(
            eq(marketplacePurchases.listingId, listing.id),
            eq(marketplacePurchases.buyerId, buyerId),
            eq(marketplacePurchases.status, 'pending'),
          ),
        );
      if (!row) throw new Error('Pending purchase vanished');
      return row;
    },

    /** A free listing's licence, at once (idempotent). */
    async grantFree(listing: MarketplaceListingRow, buyerId: string): Promise<void> {
      await db
        .insert(marketplacePurchases)
        .values({
          listingId: listing.id,
          buyerId,
          amount: 0,
          currency: listing.currency,
          status: 'paid',
          paidAt: new Date(),
        })
        .onConflictDoNothing();
    },

    async setPurchasePayment(id: string, paymentId: string): Promise<void> {
      await db.update(marketplacePurchases).set({ paymentId }).where(eq(marketplacePurchases.id, id));
    },

    async purchase(id: string): Promise<MarketplacePurchaseRow | null> {
      const [row] = await db.select().from(marketplacePurchases).where(eq(marketplacePurchases.id, id));
      return row ?? null;
    },

    /**
     * pending → paid, once. Should the buyer already hold a licence (a second checkout paid too),
     * the unique index refuses the second one, which is then marked failed for a refund.
     */
    async markPurchasePaid(id: string): Promise<'paid' | 'duplicate'> {
      try {
        await db
          .update(marketplacePurchases)
          .set({ status: 'paid', paidAt: new Date() })
          .where(and(eq(marketplacePurchases.id, id), eq(marketplacePurchases.status, 'pending')));
        return 'paid';
      } catch (error) {
        if (
          (error as { code?: unknown }).code !== '23505' &&
          (error as { cause?: { code?: unknown } }).cause?.code !== '23505'
        ) {
          throw error;
        }
        await db
          .update(marketplacePurchases)
          .set({ status: 'failed' })
          .where(and(eq(marketplacePurchases.id, id), eq(marketplacePurchases.status, 'pending')));
        return 'duplicate';
      }
    },

    async markPurchaseFailed(id: string): Promise<void> {
      await db
        .update(marketplacePurchases)
        .set({ status: 'failed' })
        .where(and(eq(marketplacePurchases.id, id), eq(marketplacePurchases.status, 'pending')));
    },

    async markPurchaseRefunded(id: string): Promise<void> {
      await db
        .update(marketplacePurchases)
        .set({ status: 'refunded', refundedAt: new Date() })
        .where(eq(marketplacePurchases.id, id));
    },

    // ---- licences ----

    /** The prompts of every listing the buyer holds a licence for (without instructions unless asked). */
    async licensedItems(buyerId: string, itemId?: string) {
      return queryRows<{
        id: string;
        title: string;
        instructions: string;
        placeholders: Placeholder[];
        version: number;
        updated_at: Date | string;
        listing_id: string;
        listing_title: string;
        author_id: string;
        author_name: string;
      }>(
        db,
        sql`select i.id, i.title, i.instructions, i.placeholders, i.version, i.updated_at, l.id as listing_id,
              l.title as listing_title, l.author_id, trim(u.first_name || ' ' || u.last_name) as author_name
            from marketplace_listing_items i
            join marketplace_listings l on l.id = i.listing_id
            join users u on u.id = l.author_id
            where exists (select 1 from marketplace_purchases p
                          where p.listing_id = l.id and p.buyer_id = ${buyerId} and p.status = 'paid')
              ${itemId ? sql`and i.id = ${itemId}` : sql``}
            order by l.title, i.position, i.id`,
      );
    },

    // ---- reviews ----

    async reviews(listingId: string): Promise<ReviewReadRow[]> {
      return queryRows<ReviewReadRow>(
        db,
        sql`select r.id, r.rating, r.text, r.reply, r.replied_at, r.created_at, r.updated_at, r.reviewer_id,
              trim(u.first_name || ' ' || left(u.last_name, 1) || case when u.last_name = '' then '' else '.' end)
                as reviewer_name
            from marketplace_reviews r join users u on u.id = r.reviewer_id
            where r.listing_id = ${listingId} and not r.hidden
            order by r.updated_at desc, r.id`,
      );
    },

    async upsertReview(listingId: string, reviewerId: string, review: { rating: number; text: string }) {
      await db
        .insert(marketplaceReviews)
        .values({ listingId, reviewerId, ...review })
        .onConflictDoUpdate({
          target: [marketplaceReviews.listingId, marketplaceReviews.reviewerId],
          set: { ...review, updatedAt: new Date() },
        });
    },

    async review(id: string) {
      const [row] = await db.select().from(marketplaceReviews).where(eq(marketplaceReviews.id, id));
      return row ?? null;
    },

    async setReply(id: string, reply: string): Promise<void> {
      await db.update(marketplaceReviews).set({ reply, repliedAt: new Date() }).where(eq(marketplaceReviews.id, id));
    },

    async hideReview(id: string): Promise<void> {
      await db.update(marketplaceReviews).set({ hidden: true }).where(eq(marketplaceReviews.id, id));
    },

    // ---- reports ----

    /** A report, unless the same person already has an open one on the same thing. */
    async insertReport(report: { listingId: string; reviewId: string | null; reporterId: string; reason: string }) {
      const open = await queryRows<{ id: string }>(
        db,
        sql`select id from marketplace_reports where listing_id = ${report.listingId}
              and reporter_id = ${report.reporterId} and resolved_at is null
              and review_id is not distinct from ${report.reviewId}::uuid`,
      );
      if (open.length > 0) return;
      await db.insert(marketplaceReports).values(report);
    },

    /**
     * The marketplace's own flag of a near-duplicate listing (no reporter), once while it is open.
     */
    async insertDuplicateFlag(flag: { listingId: string; duplicateOfId: string; similarity: number; reason: string }) {
      const open = await queryRows<{ id: string }>(
        db,
        sql`select id from marketplace_reports where listing_id = ${flag.listingId} and reporter_id is null
              and duplicate_of_id = ${flag.duplicateOfId} and resolved_at is null`,
      );
      if (open.length > 0) return;
      await db.insert(marketplaceReports).values({ ...flag, reviewId: null, reporterId: null });
    },

    /**
     * The instructions of other authors' published listings of about the given normalised length
     * (a near-duplicate cannot be much shorter or longer), for the originality check.
     */
    async publishedTextsOfOthers(
      authorId: string,
      length: { min: number; max: number },
    ): Promise<{ listingId: string; instructions: string }[]> {
      return queryRows<{ listingId: string; instructions: string }>(
        db,
        sql`select i.listing_id as "listingId", i.instructions
            from marketplace_listing_items i
            join marketplace_listings l on l.id = i.listing_id
            where l.status = 'published' and l.author_id <> ${authorId}
              and length(btrim(regexp_replace(i.instructions, '[[:space:]]+', ' ', 'g')))
                  between ${Math.floor(length.min)} and ${Math.ceil(length.max)}`,
      );
    },

    async openReports() {
      return queryRows<{
        id: string;
        reason: string;
        created_at: Date | string;
        listing_id: string;
        listing_title: string;
        listing_status: 'published' | 'unpublished' | 'removed';
        review_id: string | null;
        review_text: string | null;
        review_rating: number | null;
        reporter_id: string | null;
        reporter_name: string | null;
        duplicate_of_id: string | null;
        duplicate_of_title: string | null;
        duplicate_of_author: string | null;
        similarity: number | null;
      }>(
        db,
        sql`select rp.id, rp.reason, rp.created_at, l.id as listing_id, l.title as listing_title,
              l.status as listing_status, r.id as review_id, r.text as review_text, r.rating as review_rating,
              u.id as reporter_id, trim(u.first_name || ' ' || u.last_name) as reporter_name,
              d.id as duplicate_of_id, d.title as duplicate_of_title,
              trim(du.first_name || ' ' || du.last_name) as duplicate_of_author, rp.similarity
            from marketplace_reports rp
            join marketplace_listings l on l.id = rp.listing_id
            left join users u on u.id = rp.reporter_id
            left join marketplace_reviews r on r.id = rp.review_id
            left join marketplace_listings d on d.id = rp.duplicate_of_id
            left join users du on du.id = d.author_id
            where rp.resolved_at is null
            order by rp.created_at, rp.id
            limit 200`,
      );
    },

    async report(id: string) {
      const [row] = await db.select().from(marketplaceReports).where(eq(marketplaceReports.id, id));
      return row ?? null;
    },

    /** Resolves the report and any other open report on the same thing. */
    async resolveReport(report: { listingId: string; reviewId: string | null }, resolution: string): Promise<void> {
      await db.execute(
        sql`update marketplace_reports set resolved_at = now(), resolution = ${resolution}
            where resolved_at is null and listing_id = ${report.listingId}
              and (${resolution} = 'removeListing' or review_id is not distinct from ${report.reviewId}::uuid)`,
      );
    },

    async recentPurchases() {
      return queryRows<{
        id: string;
        listing_id: string;
        listing_title: string;
        buyer_id: string;
        buyer_name: string;
        buyer_email: string;
        amount: number;
        currency: 'CHF' | 'EUR' | 'USD';
        status: 'pending' | 'paid' | 'refunded' | 'failed';
        created_at: Date | string;
        paid_at: Date | string | null;
      }>(
        db,
        sql`select p.id, l.id as listing_id, l.title as listing_title, u.id as buyer_id,
              trim(u.first_name || ' ' || u.last_name) as buyer_name, u.email as buyer_email, p.amount, p.currency,
              p.status, p.created_at, p.paid_at
            from marketplace_purchases p
            join marketplace_listings l on l.id = p.listing_id
            join users u on u.id = p.buyer_id
            where p.status in ('paid', 'refunded')
            order by coalesce(p.paid_at, p.created_at) desc, p.id
            limit 200`,
      );
    },

    // ---- authors ----

    async bio(userId: string): Promise<string> {
      const [row] = await db
        .select({ bio: marketplaceAuthors.bio })
        .from(marketplaceAuthors)
        .where(eq(marketplaceAuthors.userId, userId));
      return row?.bio ?? '';
    },

    async setBio(userId: string, bio: string): Promise<void> {
      await db
        .insert(marketplaceAuthors)
        .values({ userId, bio })
        .onConflictDoUpdate({ target: marketplaceAuthors.userId, set: { bio, updatedAt: new Date() } });
    },

    async userEmail(userId: string): Promise<string | null> {
      const [row] = await queryRows<{ email: string }>(db, sql`select email from users where id = ${userId}`);
      return row?.email ?? null;
    },

    async authorName(userId: string): Promise<string | null> {
      const [row] = await queryRows<{ name: string }>(
        db,
        sql`select trim(first_name || ' ' || last_name) as name from users where id = ${userId}`,
      );
      return row?.name ?? null;
    },
  };
}

export type MarketplaceRepository = ReturnType<typeof createMarketplaceRepository>;
