CREATE TABLE "catalog_category_taxonomies" (
	"category_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"google_taxonomy_id" integer,
	"facebook_taxonomy_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_product_taxonomies" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"google_taxonomy_id" integer,
	"facebook_taxonomy_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "facebook_taxonomy_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"taxonomy_id" integer NOT NULL,
	"slug_en" text DEFAULT '' NOT NULL,
	"slug_sv" text DEFAULT '' NOT NULL,
	"level" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "facebook_taxonomy_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer,
	"taxonomy_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "google_taxonomy_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"taxonomy_id" integer NOT NULL,
	"slug_en" text DEFAULT '' NOT NULL,
	"slug_sv" text DEFAULT '' NOT NULL,
	"level" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "google_taxonomy_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"taxonomy_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog_category_taxonomies" ADD CONSTRAINT "catalog_category_taxonomies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_category_taxonomies" ADD CONSTRAINT "catalog_category_taxonomies_category_fk" FOREIGN KEY ("category_id") REFERENCES "public"."catalog_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_category_taxonomies" ADD CONSTRAINT "catalog_category_taxonomies_google_fk" FOREIGN KEY ("google_taxonomy_id") REFERENCES "public"."google_taxonomy_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_category_taxonomies" ADD CONSTRAINT "catalog_category_taxonomies_facebook_fk" FOREIGN KEY ("facebook_taxonomy_id") REFERENCES "public"."facebook_taxonomy_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_product_taxonomies" ADD CONSTRAINT "catalog_product_taxonomies_product_id_catalog_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."catalog_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_product_taxonomies" ADD CONSTRAINT "catalog_product_taxonomies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_product_taxonomies" ADD CONSTRAINT "catalog_product_taxonomies_google_fk" FOREIGN KEY ("google_taxonomy_id") REFERENCES "public"."google_taxonomy_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_product_taxonomies" ADD CONSTRAINT "catalog_product_taxonomies_facebook_fk" FOREIGN KEY ("facebook_taxonomy_id") REFERENCES "public"."facebook_taxonomy_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facebook_taxonomy_links" ADD CONSTRAINT "facebook_taxonomy_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facebook_taxonomy_links" ADD CONSTRAINT "facebook_taxonomy_links_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facebook_taxonomy_links" ADD CONSTRAINT "facebook_taxonomy_links_item_fk" FOREIGN KEY ("taxonomy_id") REFERENCES "public"."facebook_taxonomy_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_taxonomy_links" ADD CONSTRAINT "google_taxonomy_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_taxonomy_links" ADD CONSTRAINT "google_taxonomy_links_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_taxonomy_links" ADD CONSTRAINT "google_taxonomy_links_taxonomy_id_google_taxonomy_items_id_fk" FOREIGN KEY ("taxonomy_id") REFERENCES "public"."google_taxonomy_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_category_taxonomies_company_idx" ON "catalog_category_taxonomies" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "catalog_product_taxonomies_company_idx" ON "catalog_product_taxonomies" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "facebook_taxonomy_items_taxonomy_id_key" ON "facebook_taxonomy_items" USING btree ("taxonomy_id");--> statement-breakpoint
CREATE UNIQUE INDEX "facebook_taxonomy_links_company_taxonomy_key" ON "facebook_taxonomy_links" USING btree ("company_id","taxonomy_id");--> statement-breakpoint
CREATE UNIQUE INDEX "google_taxonomy_items_taxonomy_id_key" ON "google_taxonomy_items" USING btree ("taxonomy_id");--> statement-breakpoint
CREATE UNIQUE INDEX "google_taxonomy_links_account_taxonomy_key" ON "google_taxonomy_links" USING btree ("account_id","taxonomy_id");