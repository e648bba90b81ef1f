CREATE TABLE "catalog_markups" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer,
	"name" text NOT NULL,
	"percent" numeric(7, 2) NOT NULL,
	"cost_from" numeric(12, 2),
	"cost_to" numeric(12, 2),
	"product_type" text,
	"priority" integer DEFAULT 100 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_markups_percent_check" CHECK ("catalog_markups"."percent" >= -100),
	CONSTRAINT "catalog_markups_band_check" CHECK ("catalog_markups"."cost_from" is null or "catalog_markups"."cost_to" is null or "catalog_markups"."cost_from" < "catalog_markups"."cost_to")
);
--> statement-breakpoint
CREATE TABLE "product_descriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer,
	"product_id" integer NOT NULL,
	"language" text DEFAULT 'SV' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"meta_title" text DEFAULT '' NOT NULL,
	"meta_keywords" text DEFAULT '' NOT NULL,
	"meta_description" text DEFAULT '' NOT NULL,
	"source" text DEFAULT 'chatgpt' NOT NULL,
	"machine_translation" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog_products" ADD COLUMN "margin" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "catalog_products" ADD COLUMN "margin_percent" numeric(9, 2);--> statement-breakpoint
ALTER TABLE "catalog_products" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "catalog_products" ADD COLUMN "synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "catalog_markups" ADD CONSTRAINT "catalog_markups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_markups" ADD CONSTRAINT "catalog_markups_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_descriptions" ADD CONSTRAINT "product_descriptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_descriptions" ADD CONSTRAINT "product_descriptions_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_descriptions" ADD CONSTRAINT "product_descriptions_product_id_catalog_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."catalog_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_markups_company_name_key" ON "catalog_markups" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_markups_company_default_key" ON "catalog_markups" USING btree ("company_id") WHERE "catalog_markups"."is_default";--> statement-breakpoint
CREATE INDEX "catalog_markups_company_priority_idx" ON "catalog_markups" USING btree ("company_id","priority","id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_descriptions_product_language_key" ON "product_descriptions" USING btree ("product_id","language");--> statement-breakpoint
CREATE INDEX "product_descriptions_company_idx" ON "product_descriptions" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "catalog_products_company_margin_idx" ON "catalog_products" USING btree ("company_id","margin_percent");--> statement-breakpoint
CREATE INDEX "catalog_products_company_edited_idx" ON "catalog_products" USING btree ("company_id","edited_at");--> statement-breakpoint
CREATE INDEX "catalog_products_company_synced_idx" ON "catalog_products" USING btree ("company_id","synced_at");--> statement-breakpoint
CREATE INDEX "catalog_products_company_type_idx" ON "catalog_products" USING btree ("company_id","product_type");--> statement-breakpoint
CREATE INDEX "catalog_products_override_idx" ON "catalog_products" USING btree ("company_id") WHERE "catalog_products"."price_manual_override" is not null;--> statement-breakpoint
CREATE INDEX "catalog_products_low_stock_idx" ON "catalog_products" USING btree ("company_id") WHERE "catalog_products"."qty_in_stock" <= "catalog_products"."qty_restock_level" and "catalog_products"."qty_restock_level" > 0;--> statement-breakpoint
-- Backfill of the stored margin (the pricing service keeps it from now on; same formula as pricing.ts).
UPDATE "catalog_products" p SET
	"margin" = m.margin,
	"margin_percent" = CASE WHEN m.excl > 0 THEN greatest(-9999999, round(m.margin / m.excl * 100, 2)) END
FROM (
	SELECT id,
		round(coalesce(price_manual_override, price_calculated_automatically) / (1 + vat / 100), 2) AS excl,
		round(coalesce(price_manual_override, price_calculated_automatically) / (1 + vat / 100), 2)
			- (coalesce(procurement_cost, 0) + cost_shipping + cost_packaging_labour + cost_packaging_material) AS margin
	FROM "catalog_products"
	WHERE coalesce(price_manual_override, price_calculated_automatically) IS NOT NULL
) m
WHERE p.id = m.id;
