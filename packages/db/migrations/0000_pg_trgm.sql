-- Trigram similarity for typo-tolerant catalogue search (product_index.search_text).
-- drizzle-kit does not emit CREATE EXTENSION, hence this hand-written migration. PGlite loads the
-- extension from @electric-sql/pglite/contrib/pg_trgm (see src/client.ts); on a PostgreSQL server
-- pg_trgm is a trusted extension (PostgreSQL 13+), so a database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
