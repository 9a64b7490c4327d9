-- The back office's customers: an administrator or staff member may disable an account. A disabled
-- customer cannot log in, refresh a session or use an access token; enabling does not revive sessions.
ALTER TABLE "customers" ADD COLUMN IF NOT EXISTS "disabled_at" timestamp with time zone;
--> statement-breakpoint
-- the overview's periods read orders by when they were placed
CREATE INDEX IF NOT EXISTS "orders_created_idx" ON "orders" USING btree ("created_at");
