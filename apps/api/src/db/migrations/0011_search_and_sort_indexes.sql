-- Trigram indexes for search= (DESIGN §3). pg_trgm is a trusted extension (PostgreSQL 13+): the
-- database owner may create it without superuser rights. PGlite loads it in db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "catalog_products_search_trgm_idx" ON "catalog_products" USING gin (("sku" || ' ' || "name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "catalog_products_company_margin_percent_desc_idx" ON "catalog_products" USING btree ("company_id","margin_percent" desc nulls last,"id" desc);--> statement-breakpoint
CREATE INDEX "catalog_products_company_price_idx" ON "catalog_products" USING btree ("company_id",coalesce("price_manual_override", "price_calculated_automatically"));--> statement-breakpoint
CREATE INDEX "catalog_products_company_price_desc_idx" ON "catalog_products" USING btree ("company_id",coalesce("price_manual_override", "price_calculated_automatically") desc nulls last);--> statement-breakpoint
CREATE INDEX "procurement_products_search_trgm_idx" ON "procurement_products" USING gin (("sku" || ' ' || "name" || ' ' || "brand" || ' ' || "ean") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "procurement_products_supplier_mapping_idx" ON "procurement_products" USING btree ("supplier_id","catalog_product_id") WHERE "procurement_products"."catalog_product_id" is not null;