-- An order search matches a stored lowercased text with LIKE instead of the ILIKE of an
-- expression, which lowercased every row it read (db/schema/customers.ts, searchText).
DROP INDEX "customer_orders_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "customer_orders" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("customer_orders"."order_number" || E'\n' || "customer_orders"."customer_name" || E'\n' || "customer_orders"."customer_email")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "customer_orders_search_trgm_idx" ON "customer_orders" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- The search text is derived from fields the history records already: not an edit of its own.
DROP TRIGGER audit ON customer_orders;--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON customer_orders FOR EACH ROW EXECUTE FUNCTION kontor_audit('customer_order', 'id', 'company_id', '', '', '{synced_at,search_text}', '{}');
