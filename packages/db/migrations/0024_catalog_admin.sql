-- The back office's products (catalogue admin): prices entered gross and optimistic concurrency.
-- price_incl_tax_cents / special_price_incl_tax_cents: the gross as entered under
-- CATALOG_PRICES_INCLUDE_TAX (null: entered net); price_cents stays the net made from it.
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "price_incl_tax_cents" integer;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "special_price_incl_tax_cents" integer;
--> statement-breakpoint
-- bumped by every back-office save; a save naming an older version is refused
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "version" integer DEFAULT 1 NOT NULL;
