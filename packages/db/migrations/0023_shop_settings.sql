-- The shop's own words and promises, kept in one row (id 1) the owner edits in the back office:
-- name and logo, seller details and bank account, money-back days, support hours, delivery days,
-- newsletter coupon, warranty per grade, COD fee, free-shipping threshold, low-stock threshold.
-- `version` counts the saves, so that a form opened before someone else saved is refused.
CREATE TABLE IF NOT EXISTS "shop_settings" (
  "id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
  "settings" jsonb NOT NULL,
  "version" integer DEFAULT 1 NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_by" text,
  CONSTRAINT "shop_settings_single_row" CHECK ("shop_settings"."id" = 1)
);
