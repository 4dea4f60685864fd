CREATE TABLE "integration_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scope" text NOT NULL,
	"owner_user_id" uuid,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"settings" jsonb NOT NULL,
	"secret_ciphertext" text NOT NULL,
	"status" text DEFAULT 'untested' NOT NULL,
	"last_checked_at" timestamp with time zone,
	"last_sync_at" timestamp with time zone,
	"last_error_code" text,
	"last_error_detail" text,
	"folder_id" uuid,
	"next_sync_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integration_connections_owner_check" CHECK ("integration_connections"."scope" <> 'personal' OR "integration_connections"."owner_user_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "integration_journal" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"connection_id" uuid,
	"connection_name" text NOT NULL,
	"connection_scope" text NOT NULL,
	"kind" text NOT NULL,
	"destination" text NOT NULL,
	"sender_user_id" uuid,
	"sender_email" text NOT NULL,
	"content" text NOT NULL,
	"content_sha256" text NOT NULL,
	"status" text NOT NULL,
	"external_id" text,
	"error_code" text,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_remote_files" (
	"connection_id" uuid NOT NULL,
	"remote_path" text NOT NULL,
	"file_id" uuid NOT NULL,
	"version" text NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_sync_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"connection_id" uuid NOT NULL,
	"trigger" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"added" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"deleted" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"error_code" text,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "integration_connections" ADD CONSTRAINT "integration_connections_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_connections" ADD CONSTRAINT "integration_connections_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_journal" ADD CONSTRAINT "integration_journal_connection_id_integration_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."integration_connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_journal" ADD CONSTRAINT "integration_journal_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_remote_files" ADD CONSTRAINT "integration_remote_files_connection_id_integration_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."integration_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_remote_files" ADD CONSTRAINT "integration_remote_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_sync_runs" ADD CONSTRAINT "integration_sync_runs_connection_id_integration_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."integration_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "integration_connections_owner_idx" ON "integration_connections" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "integration_connections_due_idx" ON "integration_connections" USING btree ("next_sync_at");--> statement-breakpoint
CREATE INDEX "integration_journal_sender_idx" ON "integration_journal" USING btree ("sender_user_id","sent_at");--> statement-breakpoint
CREATE INDEX "integration_journal_sent_idx" ON "integration_journal" USING btree ("sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_remote_files_path_idx" ON "integration_remote_files" USING btree ("connection_id","remote_path");--> statement-breakpoint
CREATE INDEX "integration_remote_files_file_idx" ON "integration_remote_files" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "integration_sync_runs_connection_idx" ON "integration_sync_runs" USING btree ("connection_id","created_at");