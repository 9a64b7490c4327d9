-- Categories kept in the back office: a category may be live (reachable at its URL, listed under
-- its parent) and still left out of the header menu, as Magento's "Include in Menu" does.
ALTER TABLE "categories" ADD COLUMN IF NOT EXISTS "include_in_menu" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
-- Pickup points kept in the back office: where the point is (WGS 84 degrees), as a carrier's own
-- location list gives it; null when not known (a point typed by hand, an older import).
ALTER TABLE "pickup_points" ADD COLUMN IF NOT EXISTS "latitude" double precision;
--> statement-breakpoint
ALTER TABLE "pickup_points" ADD COLUMN IF NOT EXISTS "longitude" double precision;
