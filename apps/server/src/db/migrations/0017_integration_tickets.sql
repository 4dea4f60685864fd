CREATE TABLE "integration_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid NOT NULL,
	"connection_id" uuid,
	"connection_name" text NOT NULL,
	"conversation_id" uuid,
	"country" text,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"url" text NOT NULL,
	"status" text NOT NULL,
	"status_checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"owner" text,
	"due" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integration_tickets_source_check" CHECK ("integration_tickets"."conversation_id" IS NOT NULL OR "integration_tickets"."country" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "integration_tickets" ADD CONSTRAINT "integration_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_tickets" ADD CONSTRAINT "integration_tickets_connection_id_integration_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."integration_connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_tickets" ADD CONSTRAINT "integration_tickets_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "integration_tickets_conversation_idx" ON "integration_tickets" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "integration_tickets_user_country_idx" ON "integration_tickets" USING btree ("user_id","country");