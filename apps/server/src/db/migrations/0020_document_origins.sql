ALTER TABLE "files" ADD COLUMN "origin" jsonb;--> statement-breakpoint
ALTER TABLE "integration_remote_files" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;