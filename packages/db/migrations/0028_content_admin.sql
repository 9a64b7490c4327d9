-- The back office edits CMS pages, blocks and news: the Markdown source per store view next to the
-- sanitised HTML the storefront shows, and news that can be unpublished.
ALTER TABLE cms_pages ADD COLUMN IF NOT EXISTS source jsonb;
--> statement-breakpoint
ALTER TABLE cms_blocks ADD COLUMN IF NOT EXISTS source jsonb;
--> statement-breakpoint
ALTER TABLE news ADD COLUMN IF NOT EXISTS is_active boolean DEFAULT true NOT NULL;
