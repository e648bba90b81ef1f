CREATE TABLE "catalog_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"product_type" text DEFAULT 'simple' NOT NULL,
	"stock_proxy_parent_id" integer,
	"qty_in_stock" numeric(14, 2) DEFAULT '0' NOT NULL,
	"cost_shipping" numeric(12, 2) DEFAULT '0' NOT NULL,
	"price_manual_override" numeric(12, 2),
	"price_on_sale" numeric(12, 2),
	"price_calculated_automatically" numeric(12, 2),
	"vat" numeric(5, 2) DEFAULT '25' NOT NULL,
	"procurement_cost" numeric(12, 2),
	"cost_packaging_labour" numeric(12, 2) DEFAULT '0' NOT NULL,
	"cost_packaging_material" numeric(12, 2) DEFAULT '0' NOT NULL,
	"packaging_width" integer,
	"packaging_length" integer,
	"packaging_height" integer,
	"packaging_weight" numeric(10, 3),
	"default_location_id" integer,
	"qty_restock_level" numeric(12, 2) DEFAULT '0' NOT NULL,
	"qty_restock_amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"image_urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"low_stock_notified_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_products_dimensions_check" CHECK (coalesce("catalog_products"."packaging_width", 0) >= 0 and coalesce("catalog_products"."packaging_length", 0) >= 0 and coalesce("catalog_products"."packaging_height", 0) >= 0),
	CONSTRAINT "catalog_products_weight_check" CHECK (coalesce("catalog_products"."packaging_weight", 0) >= 0),
	CONSTRAINT "catalog_products_restock_check" CHECK ("catalog_products"."qty_restock_level" >= 0 and "catalog_products"."qty_restock_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "inventory_levels" (
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"quantity" numeric(14, 2) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_levels_product_id_location_id_pk" PRIMARY KEY("product_id","location_id"),
	CONSTRAINT "inventory_levels_quantity_check" CHECK ("inventory_levels"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "inventory_location_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer,
	"name" text NOT NULL,
	"name_slug" text NOT NULL,
	"abbreviation_slug" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"stocktaking_perfomed_at" timestamp with time zone,
	"obsolete" boolean DEFAULT false NOT NULL,
	"not_for_stock" boolean DEFAULT false NOT NULL,
	"type_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory_transaction_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"transaction_id" integer NOT NULL,
	"changed_by" integer,
	"old_location_id" integer NOT NULL,
	"old_inventory_action" text NOT NULL,
	"old_quantity" numeric(14, 2) NOT NULL,
	"old_delta" numeric(14, 2) NOT NULL,
	"old_comments" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer,
	"product_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"inventory_action" text NOT NULL,
	"quantity" numeric(14, 2) NOT NULL,
	"delta" numeric(14, 2) NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"move_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_transactions_quantity_check" CHECK ("inventory_transactions"."quantity" >= 0)
);
--> statement-breakpoint
ALTER TABLE "catalog_products" ADD CONSTRAINT "catalog_products_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_products" ADD CONSTRAINT "catalog_products_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_products" ADD CONSTRAINT "catalog_products_stock_proxy_parent_id_catalog_products_id_fk" FOREIGN KEY ("stock_proxy_parent_id") REFERENCES "public"."catalog_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_products" ADD CONSTRAINT "catalog_products_default_location_id_inventory_locations_id_fk" FOREIGN KEY ("default_location_id") REFERENCES "public"."inventory_locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_levels" ADD CONSTRAINT "inventory_levels_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_levels" ADD CONSTRAINT "inventory_levels_product_id_catalog_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."catalog_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_levels" ADD CONSTRAINT "inventory_levels_location_id_inventory_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."inventory_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_location_types" ADD CONSTRAINT "inventory_location_types_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_locations" ADD CONSTRAINT "inventory_locations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_locations" ADD CONSTRAINT "inventory_locations_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_locations" ADD CONSTRAINT "inventory_locations_type_id_inventory_location_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."inventory_location_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_transaction_history" ADD CONSTRAINT "inventory_transaction_history_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_transaction_history" ADD CONSTRAINT "inventory_transaction_history_transaction_id_inventory_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."inventory_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_transaction_history" ADD CONSTRAINT "inventory_transaction_history_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_transactions" ADD CONSTRAINT "inventory_transactions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_transactions" ADD CONSTRAINT "inventory_transactions_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_transactions" ADD CONSTRAINT "inventory_transactions_product_id_catalog_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."catalog_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_transactions" ADD CONSTRAINT "inventory_transactions_location_id_inventory_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."inventory_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_products_company_sku_key" ON "catalog_products" USING btree ("company_id","sku");--> statement-breakpoint
CREATE INDEX "catalog_products_company_created_idx" ON "catalog_products" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "catalog_products_company_updated_idx" ON "catalog_products" USING btree ("company_id","updated_at");--> statement-breakpoint
CREATE INDEX "catalog_products_company_name_idx" ON "catalog_products" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "inventory_levels_company_location_idx" ON "inventory_levels" USING btree ("company_id","location_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_location_types_company_name_key" ON "inventory_location_types" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_locations_company_name_key" ON "inventory_locations" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "inventory_locations_company_type_idx" ON "inventory_locations" USING btree ("company_id","type_id");--> statement-breakpoint
CREATE INDEX "inventory_transaction_history_tx_idx" ON "inventory_transaction_history" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "inventory_transactions_company_created_idx" ON "inventory_transactions" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "inventory_transactions_product_idx" ON "inventory_transactions" USING btree ("product_id","location_id","created_at");--> statement-breakpoint
CREATE INDEX "inventory_transactions_location_idx" ON "inventory_transactions" USING btree ("location_id","created_at");