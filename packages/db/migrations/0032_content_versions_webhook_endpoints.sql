-- Optimistic concurrency of the back office's content and coupons, as products have it: every save
-- (and every import that rewrites the row) bumps `version`; a save naming an older version is refused.
ALTER TABLE "cms_pages" ADD COLUMN IF NOT EXISTS "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "cms_blocks" ADD COLUMN IF NOT EXISTS "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN IF NOT EXISTS "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN IF NOT EXISTS "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
-- Webhook endpoints kept in the back office. The HMAC secret has to be stored to sign with it: it is
-- kept encrypted (AES-256-GCM, key derived from the auth secret; integration/webhook-endpoints.ts),
-- shown once when made, never again; `secret_hint` is its last four characters, so staff can tell
-- which one a receiver holds. `events`: the event types sent (empty: none).
CREATE TABLE IF NOT EXISTS "webhook_endpoints" (
  "id" serial PRIMARY KEY NOT NULL,
  "url" text NOT NULL,
  "events" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "active" boolean DEFAULT true NOT NULL,
  "secret_encrypted" text NOT NULL,
  "secret_hint" text NOT NULL,
  "description" text DEFAULT '' NOT NULL,
  "created_by" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "version" integer DEFAULT 1 NOT NULL,
  CONSTRAINT "webhook_endpoints_url_unique" UNIQUE("url")
);
--> statement-breakpoint
-- a delivery belongs to the endpoint it was made for (null: made before endpoints existed)
ALTER TABLE "webhook_deliveries" ADD COLUMN IF NOT EXISTS "endpoint_id" integer;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" ("endpoint_id", "id");
