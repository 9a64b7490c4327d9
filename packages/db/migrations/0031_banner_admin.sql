-- The back office edits banners and the home slider: a call-to-action text per store view, a date
-- window (shown only inside it), the store views that show it, and when it was last changed.
ALTER TABLE banners ADD COLUMN IF NOT EXISTS cta jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE banners ADD COLUMN IF NOT EXISTS starts_at timestamp with time zone;
--> statement-breakpoint
ALTER TABLE banners ADD COLUMN IF NOT EXISTS ends_at timestamp with time zone;
--> statement-breakpoint
ALTER TABLE banners ADD COLUMN IF NOT EXISTS store_codes jsonb;
--> statement-breakpoint
ALTER TABLE banners ADD COLUMN IF NOT EXISTS updated_at timestamp with time zone DEFAULT now() NOT NULL;
