CREATE TABLE "fatf_dataset" (
	"id" text PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"as_of" date NOT NULL,
	"content_as_of" date NOT NULL,
	"last_checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_texts" jsonb NOT NULL,
	"regional_bodies" jsonb NOT NULL,
	"sources" jsonb NOT NULL,
	"credits" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fatf_jurisdictions" (
	"iso2" text PRIMARY KEY NOT NULL,
	"iso3" text NOT NULL,
	"name_en" text NOT NULL,
	"name_de" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_it" text NOT NULL,
	"region" text NOT NULL,
	"fatf_member" boolean DEFAULT false NOT NULL,
	"fsrbs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text NOT NULL,
	"black_list_action" text,
	"status_since" date,
	"last_checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fatf_jurisdictions_iso2_check" CHECK ("fatf_jurisdictions"."iso2" ~ '^[A-Z]{2}$'),
	CONSTRAINT "fatf_jurisdictions_status_check" CHECK ("fatf_jurisdictions"."status" in ('not_listed', 'grey', 'black', 'no_listing')),
	CONSTRAINT "fatf_jurisdictions_action_check" CHECK (("fatf_jurisdictions"."status" = 'black') = ("fatf_jurisdictions"."black_list_action" is not null))
);
--> statement-breakpoint
CREATE TABLE "fatf_status_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"iso2" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"black_list_action" text,
	"effective_date" date,
	"baseline" boolean DEFAULT false NOT NULL,
	"plenary_name" jsonb,
	"source" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"actor_user_id" uuid,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fatf_status_changes" ADD CONSTRAINT "fatf_status_changes_iso2_fatf_jurisdictions_iso2_fk" FOREIGN KEY ("iso2") REFERENCES "public"."fatf_jurisdictions"("iso2") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fatf_status_changes" ADD CONSTRAINT "fatf_status_changes_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fatf_status_changes_iso2_idx" ON "fatf_status_changes" USING btree ("iso2","effective_date");--> statement-breakpoint
CREATE INDEX "fatf_status_changes_recorded_idx" ON "fatf_status_changes" USING btree ("recorded_at");