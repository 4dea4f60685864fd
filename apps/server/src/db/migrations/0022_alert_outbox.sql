CREATE TABLE "integration_alert_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"claimed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "integration_alert_deliveries" ADD CONSTRAINT "integration_alert_deliveries_connection_id_integration_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."integration_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "integration_alert_deliveries_subject_idx" ON "integration_alert_deliveries" USING btree ("subject_id","connection_id");--> statement-breakpoint
CREATE INDEX "integration_alert_deliveries_pending_idx" ON "integration_alert_deliveries" USING btree ("connection_id","status");