CREATE TABLE "catalog_file_urls" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer,
	"product_id" integer,
	"url" text NOT NULL,
	"source_url" text DEFAULT '' NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"removed_from_source" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_image_classifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer,
	"title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer,
	"title" text NOT NULL,
	"filename" text DEFAULT '' NOT NULL,
	"storage_key" text NOT NULL,
	"thumbnail_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"classification_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_product_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"image_id" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_category_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"image_id" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog_categories" ADD COLUMN "sub_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_categories" ADD COLUMN "include_root_in_slug" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_categories" ADD COLUMN "sort_order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_categories" ADD COLUMN "image_id" integer;--> statement-breakpoint
ALTER TABLE "catalog_categories" ADD COLUMN "default_category" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_categories" ADD COLUMN "news_category" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_categories" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_categories" ADD COLUMN "visible" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_categories" ADD COLUMN "comments" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_categories" ADD COLUMN "url_local" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_categories" ADD COLUMN "db_id" integer;--> statement-breakpoint
ALTER TABLE "catalog_categories" ADD COLUMN "lft" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_categories" ADD COLUMN "rght" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_categories" ADD COLUMN "tree_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_categories" ADD COLUMN "level" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_file_urls" ADD CONSTRAINT "catalog_file_urls_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_file_urls" ADD CONSTRAINT "catalog_file_urls_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_file_urls" ADD CONSTRAINT "catalog_file_urls_product_id_catalog_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."catalog_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_image_classifications" ADD CONSTRAINT "catalog_image_classifications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_image_classifications" ADD CONSTRAINT "catalog_image_classifications_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_images" ADD CONSTRAINT "catalog_images_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_images" ADD CONSTRAINT "catalog_images_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_images" ADD CONSTRAINT "catalog_images_classification_fk" FOREIGN KEY ("classification_id") REFERENCES "public"."catalog_image_classifications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_product_images" ADD CONSTRAINT "catalog_product_images_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_product_images" ADD CONSTRAINT "catalog_product_images_product_id_catalog_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."catalog_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_product_images" ADD CONSTRAINT "catalog_product_images_image_id_catalog_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."catalog_images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_category_images" ADD CONSTRAINT "catalog_category_images_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_category_images" ADD CONSTRAINT "catalog_category_images_category_id_catalog_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."catalog_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_category_images" ADD CONSTRAINT "catalog_category_images_image_id_catalog_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."catalog_images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_file_urls_company_idx" ON "catalog_file_urls" USING btree ("company_id","priority","id");--> statement-breakpoint
CREATE INDEX "catalog_file_urls_product_idx" ON "catalog_file_urls" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_image_classifications_company_title_key" ON "catalog_image_classifications" USING btree ("company_id","title");--> statement-breakpoint
CREATE INDEX "catalog_images_company_created_idx" ON "catalog_images" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "catalog_images_classification_idx" ON "catalog_images" USING btree ("classification_id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_product_images_product_image_key" ON "catalog_product_images" USING btree ("product_id","image_id");--> statement-breakpoint
CREATE INDEX "catalog_product_images_image_idx" ON "catalog_product_images" USING btree ("image_id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_category_images_category_image_key" ON "catalog_category_images" USING btree ("category_id","image_id");--> statement-breakpoint
CREATE INDEX "catalog_category_images_image_idx" ON "catalog_category_images" USING btree ("image_id");--> statement-breakpoint
ALTER TABLE "catalog_categories" ADD CONSTRAINT "catalog_categories_image_id_catalog_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."catalog_images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_categories_tree_idx" ON "catalog_categories" USING btree ("company_id","tree_id","lft");--> statement-breakpoint
-- Existing categories: siblings keep their alphabetical order, then every tree gets its nested-set numbers (ADR 0012).
UPDATE "catalog_categories" c SET "sort_order" = s.rn - 1
FROM (SELECT "id", row_number() OVER (PARTITION BY "company_id", "parent_id" ORDER BY "title", "id") AS rn FROM "catalog_categories") s
WHERE c."id" = s."id";--> statement-breakpoint
WITH RECURSIVE walk AS (
  SELECT "id", "id" AS root_id, 0 AS level, ARRAY["sort_order", "id"] AS path FROM "catalog_categories" WHERE "parent_id" IS NULL
  UNION ALL
  SELECT c."id", w.root_id, w.level + 1, w.path || ARRAY[c."sort_order", c."id"] FROM "catalog_categories" c JOIN walk w ON c."parent_id" = w."id"
),
numbered AS (
  SELECT w."id", w.root_id, w.level,
    row_number() OVER (PARTITION BY w.root_id ORDER BY w.path) - 1 AS idx,
    (SELECT count(*) FROM walk d WHERE d.root_id = w.root_id AND d."id" <> w."id" AND d.path[1:array_length(w.path, 1)] = w.path) AS descendants
  FROM walk w
),
trees AS (
  SELECT "id" AS root_id, row_number() OVER (PARTITION BY "company_id" ORDER BY "sort_order", "id") AS tree_id FROM "catalog_categories" WHERE "parent_id" IS NULL
)
UPDATE "catalog_categories" c
SET "level" = n.level, "lft" = 2 * n.idx - n.level + 1, "rght" = 2 * n.idx - n.level + 2 + 2 * n.descendants, "tree_id" = t.tree_id
FROM numbered n JOIN trees t ON t.root_id = n.root_id
WHERE c."id" = n."id";
