CREATE TABLE "file_chunks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_id" uuid NOT NULL,
	"chunk_index" integer NOT NULL,
	"page" integer NOT NULL,
	"heading" text,
	"text" text NOT NULL,
	"ts_config" text NOT NULL,
	"tsv" "tsvector" NOT NULL,
	CONSTRAINT "file_chunks_ts_config_check" CHECK ("file_chunks"."ts_config" in ('english', 'german', 'french', 'italian', 'simple'))
);
--> statement-breakpoint
CREATE TABLE "file_pages" (
	"file_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"text" text NOT NULL,
	CONSTRAINT "file_pages_file_id_number_pk" PRIMARY KEY("file_id","number")
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scope" text NOT NULL,
	"owner_user_id" uuid,
	"kb_function_id" uuid,
	"kb_resource_type_id" uuid,
	"kb_source_key" text,
	"folder_id" uuid,
	"root_folder_id" uuid,
	"name" text NOT NULL,
	"mime_type" text DEFAULT 'application/octet-stream' NOT NULL,
	"size_bytes" bigint DEFAULT 0 NOT NULL,
	"sha256" text DEFAULT '' NOT NULL,
	"storage_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"ingest_job_id" uuid,
	"failure_code" text,
	"failure_reason" text,
	"no_text" boolean DEFAULT false NOT NULL,
	"detected_type" text,
	"language" text,
	"title" text,
	"page_count" integer DEFAULT 0 NOT NULL,
	"chunk_count" integer DEFAULT 0 NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"timings" jsonb,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "files_status_check" CHECK ("files"."status" in ('pending', 'synching', 'ready', 'failed')),
	CONSTRAINT "files_scope_owner_check" CHECK (("files"."scope" = 'user' and "files"."owner_user_id" is not null) or ("files"."scope" = 'kb' and "files"."owner_user_id" is null and "files"."kb_function_id" is not null and "files"."kb_resource_type_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "folders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scope" text NOT NULL,
	"owner_user_id" uuid,
	"kb_function_id" uuid,
	"kb_resource_type_id" uuid,
	"name" text NOT NULL,
	"parent_id" uuid,
	"root_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "folders_scope_owner_check" CHECK (("folders"."scope" = 'user' and "folders"."owner_user_id" is not null) or ("folders"."scope" = 'kb' and "folders"."owner_user_id" is null and "folders"."kb_function_id" is not null and "folders"."kb_resource_type_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "kb_functions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text,
	"names" jsonb NOT NULL,
	"descriptions" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kb_resource_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text,
	"names" jsonb NOT NULL,
	"descriptions" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "file_chunks" ADD CONSTRAINT "file_chunks_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_pages" ADD CONSTRAINT "file_pages_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_kb_function_id_kb_functions_id_fk" FOREIGN KEY ("kb_function_id") REFERENCES "public"."kb_functions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_kb_resource_type_id_kb_resource_types_id_fk" FOREIGN KEY ("kb_resource_type_id") REFERENCES "public"."kb_resource_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_ingest_job_id_jobs_id_fk" FOREIGN KEY ("ingest_job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_kb_function_id_kb_functions_id_fk" FOREIGN KEY ("kb_function_id") REFERENCES "public"."kb_functions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_kb_resource_type_id_kb_resource_types_id_fk" FOREIGN KEY ("kb_resource_type_id") REFERENCES "public"."kb_resource_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_parent_id_folders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_chunks_file_idx" ON "file_chunks" USING btree ("file_id","chunk_index");--> statement-breakpoint
CREATE INDEX "file_chunks_tsv_idx" ON "file_chunks" USING gin ("tsv");--> statement-breakpoint
CREATE INDEX "files_owner_folder_idx" ON "files" USING btree ("owner_user_id","folder_id");--> statement-breakpoint
CREATE INDEX "files_kb_branch_idx" ON "files" USING btree ("kb_function_id","kb_resource_type_id","folder_id");--> statement-breakpoint
CREATE INDEX "files_folder_idx" ON "files" USING btree ("folder_id");--> statement-breakpoint
CREATE INDEX "files_unfinished_idx" ON "files" USING btree ("updated_at") WHERE "files"."status" in ('pending', 'synching');--> statement-breakpoint
CREATE UNIQUE INDEX "files_kb_source_key_unique" ON "files" USING btree ("kb_source_key");--> statement-breakpoint
CREATE INDEX "folders_owner_parent_idx" ON "folders" USING btree ("owner_user_id","parent_id");--> statement-breakpoint
CREATE INDEX "folders_kb_branch_idx" ON "folders" USING btree ("kb_function_id","kb_resource_type_id","parent_id");--> statement-breakpoint
CREATE INDEX "folders_parent_idx" ON "folders" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "kb_functions_code_unique" ON "kb_functions" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "kb_resource_types_code_unique" ON "kb_resource_types" USING btree ("code");