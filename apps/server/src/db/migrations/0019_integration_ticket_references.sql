ALTER TABLE "integration_tickets" ALTER COLUMN "number" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "integration_tickets" ADD COLUMN "reference" text;