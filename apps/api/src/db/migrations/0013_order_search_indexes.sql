CREATE INDEX "customer_order_items_sku_trgm_idx" ON "customer_order_items" USING gin ("prod_sku" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customer_orders_search_trgm_idx" ON "customer_orders" USING gin (("order_number" || E'\n' || "customer_name" || E'\n' || "customer_email") gin_trgm_ops);--> statement-breakpoint
-- An expression index has no statistics until ANALYZE: without them the planner takes a search for
-- a common name as rare and reads every match to sort them.
ANALYZE "customer_orders";