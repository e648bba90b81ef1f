CREATE TABLE "currencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"rate_to_sek" numeric(18, 6) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "currencies_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "global_supplier_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier_id" integer NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"price" numeric(12, 2),
	"currency_id" integer,
	"url" text DEFAULT '' NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "global_suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_abbrev" text NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"brands" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "background_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer,
	"result" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "catalog_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer,
	"parent_id" integer,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_product_categories" (
	"product_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "catalog_product_categories_product_id_category_id_pk" PRIMARY KEY("product_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "company_counters" (
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "company_counters_company_id_name_pk" PRIMARY KEY("company_id","name")
);
--> statement-breakpoint
CREATE TABLE "procurement_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer,
	"supplier_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"path" text NOT NULL,
	"depth" integer DEFAULT 0 NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"url_local" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"description_html" text DEFAULT '' NOT NULL,
	"last_date_scraped" timestamp with time zone,
	"latest_feed_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "procurement_category_mappings" (
	"procurement_category_id" integer NOT NULL,
	"catalog_category_id" integer NOT NULL,
	CONSTRAINT "procurement_category_mappings_procurement_category_id_catalog_category_id_pk" PRIMARY KEY("procurement_category_id","catalog_category_id")
);
--> statement-breakpoint
CREATE TABLE "procurement_feeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer,
	"supplier_id" integer NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"format" text NOT NULL,
	"column_mapping" jsonb NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"currency_id" integer,
	"schedule" text DEFAULT 'manual' NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_job_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "procurement_image_urls" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer,
	"procurement_product_id" integer NOT NULL,
	"url" text NOT NULL,
	"source" text NOT NULL,
	"storage_key" text,
	"content_type" text,
	"size" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "procurement_order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"procurement_product_id" integer,
	"quantity" numeric(14, 2) NOT NULL,
	"quantity_received" numeric(14, 2) DEFAULT '0' NOT NULL,
	"unit_cost_sek" numeric(12, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "procurement_order_items_quantity_check" CHECK ("procurement_order_items"."quantity" > 0 and "procurement_order_items"."quantity_received" >= 0 and "procurement_order_items"."quantity_received" <= "procurement_order_items"."quantity")
);
--> statement-breakpoint
CREATE TABLE "procurement_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer,
	"supplier_id" integer NOT NULL,
	"internal_order_number" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "procurement_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"feed_id" integer,
	"category_id" integer,
	"catalog_product_id" integer,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"ean" text DEFAULT '' NOT NULL,
	"stock_details" text DEFAULT '' NOT NULL,
	"stock_quantity" numeric(14, 2),
	"cost" numeric(14, 4),
	"cost_currency_id" integer,
	"cost_sek" numeric(12, 2),
	"urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"image_urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"product_type" text DEFAULT 'simple' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"skipped" boolean DEFAULT false NOT NULL,
	"last_seen_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "procurement_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer,
	"order_item_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"transaction_id" integer NOT NULL,
	"quantity" numeric(14, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "procurement_suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer,
	"global_supplier_id" integer,
	"name" text NOT NULL,
	"name_abbrev" text NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"currency_id" integer,
	"comments" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_backorders" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer,
	"product_id" integer NOT NULL,
	"quantity" numeric(14, 2) NOT NULL,
	"order_number" text DEFAULT '' NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_backorders_quantity_check" CHECK ("customer_backorders"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "global_supplier_products" ADD CONSTRAINT "global_supplier_products_supplier_id_global_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."global_suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "global_supplier_products" ADD CONSTRAINT "global_supplier_products_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "background_jobs" ADD CONSTRAINT "background_jobs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "background_jobs" ADD CONSTRAINT "background_jobs_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_categories" ADD CONSTRAINT "catalog_categories_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_categories" ADD CONSTRAINT "catalog_categories_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_categories" ADD CONSTRAINT "catalog_categories_parent_id_catalog_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."catalog_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_product_categories" ADD CONSTRAINT "catalog_product_categories_product_id_catalog_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."catalog_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_product_categories" ADD CONSTRAINT "catalog_product_categories_category_id_catalog_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."catalog_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_counters" ADD CONSTRAINT "company_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_categories" ADD CONSTRAINT "procurement_categories_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_categories" ADD CONSTRAINT "procurement_categories_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_categories" ADD CONSTRAINT "procurement_categories_supplier_id_procurement_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."procurement_suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_categories" ADD CONSTRAINT "procurement_categories_parent_id_procurement_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."procurement_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_categories" ADD CONSTRAINT "procurement_categories_latest_feed_id_procurement_feeds_id_fk" FOREIGN KEY ("latest_feed_id") REFERENCES "public"."procurement_feeds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_category_mappings" ADD CONSTRAINT "procurement_category_mappings_procurement_category_id_procurement_categories_id_fk" FOREIGN KEY ("procurement_category_id") REFERENCES "public"."procurement_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_category_mappings" ADD CONSTRAINT "procurement_category_mappings_catalog_category_id_catalog_categories_id_fk" FOREIGN KEY ("catalog_category_id") REFERENCES "public"."catalog_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_feeds" ADD CONSTRAINT "procurement_feeds_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_feeds" ADD CONSTRAINT "procurement_feeds_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_feeds" ADD CONSTRAINT "procurement_feeds_supplier_id_procurement_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."procurement_suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_feeds" ADD CONSTRAINT "procurement_feeds_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_feeds" ADD CONSTRAINT "procurement_feeds_last_job_id_background_jobs_id_fk" FOREIGN KEY ("last_job_id") REFERENCES "public"."background_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_image_urls" ADD CONSTRAINT "procurement_image_urls_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_image_urls" ADD CONSTRAINT "procurement_image_urls_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_image_urls" ADD CONSTRAINT "procurement_image_urls_procurement_product_id_procurement_products_id_fk" FOREIGN KEY ("procurement_product_id") REFERENCES "public"."procurement_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_order_items" ADD CONSTRAINT "procurement_order_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_order_items" ADD CONSTRAINT "procurement_order_items_order_id_procurement_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."procurement_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_order_items" ADD CONSTRAINT "procurement_order_items_product_id_catalog_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."catalog_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_order_items" ADD CONSTRAINT "procurement_order_items_procurement_product_id_procurement_products_id_fk" FOREIGN KEY ("procurement_product_id") REFERENCES "public"."procurement_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_orders" ADD CONSTRAINT "procurement_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_orders" ADD CONSTRAINT "procurement_orders_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_orders" ADD CONSTRAINT "procurement_orders_supplier_id_procurement_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."procurement_suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_products" ADD CONSTRAINT "procurement_products_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_products" ADD CONSTRAINT "procurement_products_supplier_id_procurement_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."procurement_suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_products" ADD CONSTRAINT "procurement_products_feed_id_procurement_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."procurement_feeds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_products" ADD CONSTRAINT "procurement_products_category_id_procurement_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."procurement_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_products" ADD CONSTRAINT "procurement_products_catalog_product_id_catalog_products_id_fk" FOREIGN KEY ("catalog_product_id") REFERENCES "public"."catalog_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_products" ADD CONSTRAINT "procurement_products_cost_currency_id_currencies_id_fk" FOREIGN KEY ("cost_currency_id") REFERENCES "public"."currencies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_receipts" ADD CONSTRAINT "procurement_receipts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_receipts" ADD CONSTRAINT "procurement_receipts_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_receipts" ADD CONSTRAINT "procurement_receipts_order_item_id_procurement_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."procurement_order_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_receipts" ADD CONSTRAINT "procurement_receipts_location_id_inventory_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."inventory_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_receipts" ADD CONSTRAINT "procurement_receipts_transaction_id_inventory_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."inventory_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_suppliers" ADD CONSTRAINT "procurement_suppliers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_suppliers" ADD CONSTRAINT "procurement_suppliers_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_suppliers" ADD CONSTRAINT "procurement_suppliers_global_supplier_id_global_suppliers_id_fk" FOREIGN KEY ("global_supplier_id") REFERENCES "public"."global_suppliers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_suppliers" ADD CONSTRAINT "procurement_suppliers_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_backorders" ADD CONSTRAINT "customer_backorders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_backorders" ADD CONSTRAINT "customer_backorders_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_backorders" ADD CONSTRAINT "customer_backorders_product_id_catalog_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."catalog_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "global_supplier_products_supplier_sku_key" ON "global_supplier_products" USING btree ("supplier_id","sku");--> statement-breakpoint
CREATE INDEX "global_supplier_products_name_idx" ON "global_supplier_products" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "global_suppliers_name_key" ON "global_suppliers" USING btree ("name");--> statement-breakpoint
CREATE INDEX "background_jobs_company_created_idx" ON "background_jobs" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "background_jobs_status_idx" ON "background_jobs" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_categories_company_slug_key" ON "catalog_categories" USING btree ("company_id","slug");--> statement-breakpoint
CREATE INDEX "catalog_categories_parent_idx" ON "catalog_categories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "catalog_product_categories_category_idx" ON "catalog_product_categories" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "procurement_categories_supplier_path_key" ON "procurement_categories" USING btree ("supplier_id","path");--> statement-breakpoint
CREATE INDEX "procurement_categories_company_idx" ON "procurement_categories" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "procurement_category_mappings_catalog_idx" ON "procurement_category_mappings" USING btree ("catalog_category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "procurement_feeds_company_name_key" ON "procurement_feeds" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "procurement_feeds_supplier_idx" ON "procurement_feeds" USING btree ("supplier_id");--> statement-breakpoint
CREATE UNIQUE INDEX "procurement_image_urls_product_url_key" ON "procurement_image_urls" USING btree ("procurement_product_id","url");--> statement-breakpoint
CREATE INDEX "procurement_image_urls_company_idx" ON "procurement_image_urls" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "procurement_order_items_order_product_key" ON "procurement_order_items" USING btree ("order_id","product_id");--> statement-breakpoint
CREATE INDEX "procurement_order_items_product_idx" ON "procurement_order_items" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "procurement_orders_company_number_key" ON "procurement_orders" USING btree ("company_id","internal_order_number");--> statement-breakpoint
CREATE INDEX "procurement_orders_company_created_idx" ON "procurement_orders" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "procurement_products_supplier_sku_key" ON "procurement_products" USING btree ("supplier_id","sku");--> statement-breakpoint
CREATE INDEX "procurement_products_company_created_idx" ON "procurement_products" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "procurement_products_catalog_product_idx" ON "procurement_products" USING btree ("catalog_product_id") WHERE "procurement_products"."catalog_product_id" is not null;--> statement-breakpoint
CREATE INDEX "procurement_products_category_idx" ON "procurement_products" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "procurement_receipts_item_idx" ON "procurement_receipts" USING btree ("order_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "procurement_suppliers_company_name_key" ON "procurement_suppliers" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "procurement_suppliers_company_abbrev_key" ON "procurement_suppliers" USING btree ("company_id",lower("name_abbrev"));--> statement-breakpoint
CREATE INDEX "customer_backorders_company_product_idx" ON "customer_backorders" USING btree ("company_id","product_id");