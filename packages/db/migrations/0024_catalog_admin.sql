-- The back office's products (catalogue admin): prices entered gross and optimistic concurrency.
-- price_incl_tax_cents / special_price_incl_tax_cents: the gross as entered under
-- CATALOG_PRICES_INCLUDE_TAX (null: entered net); price_cents stays the net made from it.
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "price_incl_tax_cents" integer;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "special_price_incl_tax_cents" integer;
--> statement-breakpoint
-- bumped by every back-office save; a save naming an older version is refused
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
-- the role that keeps the catalogue (products, prices, stock) without seeing orders
ALTER TABLE "staff_users" DROP CONSTRAINT IF EXISTS "staff_users_role_check";
--> statement-breakpoint
ALTER TABLE "staff_users" ADD CONSTRAINT "staff_users_role_check" CHECK ("staff_users"."role" IN ('admin', 'staff', 'catalog'));
--> statement-breakpoint
-- the webhook events of products (`product.updated`) go through the same outbox as the orders'
ALTER TABLE "order_events" ALTER COLUMN "order_id" DROP NOT NULL;
