-- Trigram index for typo-tolerant matching on the product search text (similarity(), %, ILIKE).
-- Hand-written: drizzle-kit cannot express the gin_trgm_ops operator class of 0000_pg_trgm's extension.
CREATE INDEX IF NOT EXISTS "product_index_search_text_trgm_idx" ON "product_index" USING gin ("search_text" gin_trgm_ops);
