-- issue #14 item 4 and issue #13 "Words": a product's slug per store view and the url_path an import
-- file gives (a Magento shop's URL, kept for the URL dispatcher); both null when the file gave none.
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "slugs" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "url_path" jsonb;
