CREATE TABLE "audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer,
	"entity" text NOT NULL,
	"entity_id" integer NOT NULL,
	"parent_entity" text,
	"parent_id" integer,
	"action" text NOT NULL,
	"transaction_id" bigint NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_events_entity_idx" ON "audit_events" USING btree ("company_id","entity","entity_id","id");--> statement-breakpoint
CREATE INDEX "audit_events_parent_idx" ON "audit_events" USING btree ("company_id","parent_entity","parent_id","id");--> statement-breakpoint
-- The history of business data (ADR 0016). One trigger function for every audited table; its
-- arguments: entity name, id column, company column, parent entity and column ('' for none),
-- fields left out (derived or bookkeeping), fields masked (secrets: only that they changed).
CREATE FUNCTION kontor_audit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ignored text[] := array_cat(ARRAY['created_at', 'updated_at'], TG_ARGV[5]::text[]);
  masked text[] := TG_ARGV[6]::text[];
  old_row jsonb;
  new_row jsonb;
  before_fields jsonb;
  after_fields jsonb;
  row_data jsonb;
  field text;
BEGIN
  -- Bulk loads that are not anyone's edits (the large benchmark seed) switch it off for their transaction.
  IF current_setting('kontor.audit', true) = 'off' THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN old_row := to_jsonb(OLD); END IF;
  IF TG_OP <> 'DELETE' THEN new_row := to_jsonb(NEW); END IF;
  row_data := coalesce(new_row, old_row);
  before_fields := old_row - ignored;
  after_fields := new_row - ignored;
  IF TG_OP = 'UPDATE' THEN
    -- Only what changed; a write of derived fields alone (qty_in_stock after a move) is no event.
    SELECT jsonb_object_agg(o.key, o.value), jsonb_object_agg(o.key, n.value)
      INTO before_fields, after_fields
      FROM jsonb_each(before_fields) o JOIN jsonb_each(after_fields) n ON n.key = o.key
     WHERE o.value IS DISTINCT FROM n.value;
    IF before_fields IS NULL THEN
      RETURN NULL;
    END IF;
  END IF;
  FOREACH field IN ARRAY masked LOOP
    IF before_fields ? field THEN before_fields := jsonb_set(before_fields, ARRAY[field], '"••••••"'); END IF;
    IF after_fields ? field THEN after_fields := jsonb_set(after_fields, ARRAY[field], '"••••••"'); END IF;
  END LOOP;
  INSERT INTO audit_events (company_id, user_id, entity, entity_id, parent_entity, parent_id, action, transaction_id, before, after)
  VALUES (
    (row_data ->> TG_ARGV[2])::int,
    nullif(current_setting('kontor.user_id', true), '')::int,
    TG_ARGV[0],
    (row_data ->> TG_ARGV[1])::int,
    nullif(TG_ARGV[3], ''),
    CASE WHEN TG_ARGV[4] <> '' THEN (row_data ->> TG_ARGV[4])::int END,
    CASE TG_OP WHEN 'INSERT' THEN 'create' WHEN 'UPDATE' THEN 'update' ELSE 'delete' END,
    txid_current(),
    before_fields,
    after_fields
  );
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON catalog_products FOR EACH ROW EXECUTE FUNCTION kontor_audit('catalog_product', 'id', 'company_id', '', '', '{qty_in_stock,low_stock_notified_at,edited_at,synced_at}', '{}');
--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON catalog_categories FOR EACH ROW EXECUTE FUNCTION kontor_audit('catalog_category', 'id', 'company_id', '', '', '{lft,rght,tree_id,level}', '{}');
--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON catalog_markups FOR EACH ROW EXECUTE FUNCTION kontor_audit('catalog_markup', 'id', 'company_id', '', '', '{}', '{}');
--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON product_descriptions FOR EACH ROW EXECUTE FUNCTION kontor_audit('product_description', 'id', 'company_id', 'catalog_product', 'product_id', '{}', '{}');
--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON inventory_locations FOR EACH ROW EXECUTE FUNCTION kontor_audit('inventory_location', 'id', 'company_id', '', '', '{stocktaking_perfomed_at}', '{}');
--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON inventory_location_types FOR EACH ROW EXECUTE FUNCTION kontor_audit('inventory_location_type', 'id', 'company_id', '', '', '{}', '{}');
--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON customer_orders FOR EACH ROW EXECUTE FUNCTION kontor_audit('customer_order', 'id', 'company_id', '', '', '{synced_at}', '{}');
--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON customer_order_items FOR EACH ROW EXECUTE FUNCTION kontor_audit('customer_order_item', 'id', 'company_id', 'customer_order', 'order_id', '{}', '{}');
--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON customer_backorders FOR EACH ROW EXECUTE FUNCTION kontor_audit('customer_backorder', 'id', 'company_id', 'customer_order_item', 'order_item_id', '{}', '{}');
--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON procurement_suppliers FOR EACH ROW EXECUTE FUNCTION kontor_audit('procurement_supplier', 'id', 'company_id', '', '', '{}', '{}');
--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON procurement_feeds FOR EACH ROW EXECUTE FUNCTION kontor_audit('procurement_feed', 'id', 'company_id', '', '', '{next_run_at,last_run_at,last_job_id}', '{}');
--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON procurement_orders FOR EACH ROW EXECUTE FUNCTION kontor_audit('procurement_order', 'id', 'company_id', '', '', '{}', '{}');
--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON procurement_order_items FOR EACH ROW EXECUTE FUNCTION kontor_audit('procurement_order_item', 'id', 'company_id', 'procurement_order', 'order_id', '{}', '{}');
--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON storefront_connections FOR EACH ROW EXECUTE FUNCTION kontor_audit('storefront_connection', 'company_id', 'company_id', '', '', '{last_synced_at}', '{consumer_key,consumer_secret}');
--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON companies FOR EACH ROW EXECUTE FUNCTION kontor_audit('company', 'id', 'id', '', '', '{}', '{}');
--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION kontor_audit('user', 'id', 'company_id', '', '', '{token_version,last_login}', '{password_hash}');
