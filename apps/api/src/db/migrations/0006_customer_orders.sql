CREATE TABLE "customer_order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer,
	"external_id" text,
	"prod_sku" text DEFAULT '' NOT NULL,
	"prod_name" text DEFAULT '' NOT NULL,
	"quantity" numeric(14, 2) NOT NULL,
	"price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_order_items_quantity_check" CHECK ("customer_order_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "customer_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer,
	"order_number" text NOT NULL,
	"external_id" text,
	"source" text DEFAULT 'manual' NOT NULL,
	"storefront_status" text DEFAULT '' NOT NULL,
	"internal_status" text DEFAULT 'open' NOT NULL,
	"customer_name" text DEFAULT '' NOT NULL,
	"customer_email" text DEFAULT '' NOT NULL,
	"shipping_address" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"currency" text DEFAULT 'SEK' NOT NULL,
	"total" numeric(12, 2) DEFAULT '0' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"ordered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_orders_total_check" CHECK ("customer_orders"."total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "storefront_connections" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"platform" text DEFAULT 'woocommerce' NOT NULL,
	"store_url" text NOT NULL,
	"consumer_key" text NOT NULL,
	"consumer_secret" text NOT NULL,
	"last_synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inventory_transactions" ADD COLUMN "order_item_id" integer;--> statement-breakpoint
ALTER TABLE "customer_backorders" ADD COLUMN "order_item_id" integer;--> statement-breakpoint
ALTER TABLE "customer_backorders" ADD COLUMN "status" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_backorders" ADD COLUMN "reserved_order_item_id" integer;--> statement-breakpoint
ALTER TABLE "customer_backorders" ADD COLUMN "ready_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_order_items" ADD CONSTRAINT "customer_order_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_order_items" ADD CONSTRAINT "customer_order_items_order_id_customer_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."customer_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_order_items" ADD CONSTRAINT "customer_order_items_product_id_catalog_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."catalog_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_orders" ADD CONSTRAINT "customer_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_orders" ADD CONSTRAINT "customer_orders_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storefront_connections" ADD CONSTRAINT "storefront_connections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_order_items_order_idx" ON "customer_order_items" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "customer_order_items_product_idx" ON "customer_order_items" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_order_items_order_external_key" ON "customer_order_items" USING btree ("order_id","external_id") WHERE "customer_order_items"."external_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_orders_company_number_key" ON "customer_orders" USING btree ("company_id","order_number");--> statement-breakpoint
CREATE INDEX "customer_orders_company_ordered_idx" ON "customer_orders" USING btree ("company_id","ordered_at");--> statement-breakpoint
CREATE INDEX "customer_orders_company_status_idx" ON "customer_orders" USING btree ("company_id","internal_status","ordered_at");--> statement-breakpoint
CREATE INDEX "customer_orders_company_delivered_idx" ON "customer_orders" USING btree ("company_id","delivered_at");--> statement-breakpoint
ALTER TABLE "inventory_transactions" ADD CONSTRAINT "inventory_transactions_order_item_id_customer_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."customer_order_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_backorders" ADD CONSTRAINT "customer_backorders_order_item_id_customer_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."customer_order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_backorders" ADD CONSTRAINT "customer_backorders_reserved_po_item_fk" FOREIGN KEY ("reserved_order_item_id") REFERENCES "public"."procurement_order_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inventory_transactions_order_item_idx" ON "inventory_transactions" USING btree ("order_item_id") WHERE "inventory_transactions"."order_item_id" is not null;--> statement-breakpoint
CREATE INDEX "customer_backorders_order_item_idx" ON "customer_backorders" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "customer_backorders_reserved_idx" ON "customer_backorders" USING btree ("reserved_order_item_id") WHERE "customer_backorders"."reserved_order_item_id" is not null;