CREATE TABLE "catalog_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"action" text NOT NULL,
	"token" text NOT NULL,
	"last_job_id" integer,
	"published_at" timestamp with time zone,
	"product_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog_exports" ADD CONSTRAINT "catalog_exports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_exports" ADD CONSTRAINT "catalog_exports_last_job_id_background_jobs_id_fk" FOREIGN KEY ("last_job_id") REFERENCES "public"."background_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_exports_company_action_key" ON "catalog_exports" USING btree ("company_id","action");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_exports_token_key" ON "catalog_exports" USING btree ("token");