CREATE TABLE "one_time_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"provider_session_id" text NOT NULL,
	"provider_payment_id" text,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"reference" text NOT NULL,
	"description" text NOT NULL,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"success_path" text NOT NULL,
	"cancel_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"refunded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "marketplace_authors" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketplace_listing_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL,
	"source_prompt_id" uuid,
	"title" text NOT NULL,
	"instructions" text NOT NULL,
	"placeholders" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketplace_listings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"author_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"source_id" uuid,
	"title" text NOT NULL,
	"teaser" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"example_output" text DEFAULT '' NOT NULL,
	"topic" text NOT NULL,
	"language" text NOT NULL,
	"currency" text NOT NULL,
	"price" integer NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_listings_price_check" CHECK ("marketplace_listings"."price" >= 0),
	CONSTRAINT "marketplace_listings_kind_check" CHECK ("marketplace_listings"."kind" in ('prompt', 'category')),
	CONSTRAINT "marketplace_listings_status_check" CHECK ("marketplace_listings"."status" in ('published', 'unpublished', 'removed'))
);
--> statement-breakpoint
CREATE TABLE "marketplace_purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "marketplace_purchases_status_check" CHECK ("marketplace_purchases"."status" in ('pending', 'paid', 'refunded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "marketplace_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL,
	"review_id" uuid,
	"reporter_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"resolution" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "marketplace_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL,
	"reviewer_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_reviews_rating_check" CHECK ("marketplace_reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "one_time_payments" ADD CONSTRAINT "one_time_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_authors" ADD CONSTRAINT "marketplace_authors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_listing_items" ADD CONSTRAINT "marketplace_listing_items_listing_id_marketplace_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."marketplace_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_listings" ADD CONSTRAINT "marketplace_listings_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_purchases" ADD CONSTRAINT "marketplace_purchases_listing_id_marketplace_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."marketplace_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_purchases" ADD CONSTRAINT "marketplace_purchases_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_reports" ADD CONSTRAINT "marketplace_reports_listing_id_marketplace_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."marketplace_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_reports" ADD CONSTRAINT "marketplace_reports_review_id_marketplace_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."marketplace_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_reports" ADD CONSTRAINT "marketplace_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_reviews" ADD CONSTRAINT "marketplace_reviews_listing_id_marketplace_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."marketplace_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_reviews" ADD CONSTRAINT "marketplace_reviews_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "one_time_payments_provider_session_unique" ON "one_time_payments" USING btree ("provider","provider_session_id");--> statement-breakpoint
CREATE INDEX "one_time_payments_reference_idx" ON "one_time_payments" USING btree ("purpose","reference");--> statement-breakpoint
CREATE INDEX "marketplace_listing_items_listing_idx" ON "marketplace_listing_items" USING btree ("listing_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_listing_items_source_unique" ON "marketplace_listing_items" USING btree ("listing_id","source_prompt_id");--> statement-breakpoint
CREATE INDEX "marketplace_listings_author_idx" ON "marketplace_listings" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "marketplace_listings_status_idx" ON "marketplace_listings" USING btree ("status","published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_purchases_paid_unique" ON "marketplace_purchases" USING btree ("listing_id","buyer_id") WHERE "marketplace_purchases"."status" = 'paid';--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_purchases_pending_unique" ON "marketplace_purchases" USING btree ("listing_id","buyer_id") WHERE "marketplace_purchases"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "marketplace_purchases_buyer_idx" ON "marketplace_purchases" USING btree ("buyer_id","status");--> statement-breakpoint
CREATE INDEX "marketplace_reports_open_idx" ON "marketplace_reports" USING btree ("resolved_at","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_reviews_listing_reviewer_unique" ON "marketplace_reviews" USING btree ("listing_id","reviewer_id");