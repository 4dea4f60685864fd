ALTER TABLE "integration_connections" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "integration_journal" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "integration_connections" ADD CONSTRAINT "integration_connections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_journal" ADD CONSTRAINT "integration_journal_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "integration_connections_company_idx" ON "integration_connections" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "integration_journal_company_idx" ON "integration_journal" USING btree ("company_id","sent_at");--> statement-breakpoint
ALTER TABLE "integration_connections" ADD CONSTRAINT "integration_connections_company_check" CHECK (("integration_connections"."scope" = 'company') = ("integration_connections"."company_id" IS NOT NULL));