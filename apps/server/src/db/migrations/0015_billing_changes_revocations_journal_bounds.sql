ALTER TABLE "checkout_sessions" ADD COLUMN "kind" text DEFAULT 'subscribe' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_event_journal" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "payment_event_journal" ADD COLUMN "repeat_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_grants" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "plan_grants" ADD COLUMN "revoked_by_email" text;--> statement-breakpoint
ALTER TABLE "plan_grants" ADD COLUMN "revoke_reason" text;--> statement-breakpoint
CREATE INDEX "payment_event_journal_source_idx" ON "payment_event_journal" USING btree ("verification","source","received_at");