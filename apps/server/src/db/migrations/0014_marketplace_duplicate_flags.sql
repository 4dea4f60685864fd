ALTER TABLE "marketplace_reports" ALTER COLUMN "reporter_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "marketplace_reports" ADD COLUMN "duplicate_of_id" uuid;--> statement-breakpoint
ALTER TABLE "marketplace_reports" ADD COLUMN "similarity" integer;--> statement-breakpoint
ALTER TABLE "marketplace_reports" ADD CONSTRAINT "marketplace_reports_duplicate_of_id_marketplace_listings_id_fk" FOREIGN KEY ("duplicate_of_id") REFERENCES "public"."marketplace_listings"("id") ON DELETE set null ON UPDATE no action;