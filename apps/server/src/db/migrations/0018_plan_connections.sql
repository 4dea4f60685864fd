ALTER TABLE "plans" ADD COLUMN "connections" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
-- The shipped paid plans allow more integrations (content/plans.json); admins can change it.
UPDATE "plans" SET "connections" = 20 WHERE "id" = 'professional';--> statement-breakpoint
UPDATE "plans" SET "connections" = 50 WHERE "id" = 'team';
