-- The page cache's data stamp (apps/server/src/page-cache.ts): `page_rev` moves when a row changes as
-- the storefront's pages show it (`page_key`, indexer.ts pageKeyOf: stock counts above "Only N left"
-- read alike), so an order's stock change no longer drops every cached product page. A constant
-- default first, as 0005 did for `rev` (no table rewrite): existing rows keep page_rev 0 and
-- page_key null, and their next write takes a page_rev.
ALTER TABLE "product_index" ADD COLUMN IF NOT EXISTS "page_key" text;--> statement-breakpoint
ALTER TABLE "product_index" ADD COLUMN IF NOT EXISTS "page_rev" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_index" ALTER COLUMN "page_rev" SET DEFAULT nextval('product_index_rev_seq');--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "product_index_page_rev_idx" ON "product_index" USING btree ("store_code","page_rev");
