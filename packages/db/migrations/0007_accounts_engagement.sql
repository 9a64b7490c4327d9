CREATE TABLE "customer_groups" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"discount_percent" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "customer_groups_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "special_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"sku" text NOT NULL,
	"id_variant" integer,
	"final_price_cents" integer NOT NULL,
	"price_incl_tax_cents" integer NOT NULL,
	"option_comments" text DEFAULT '' NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"label" text,
	"valid_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"sku" text NOT NULL,
	"product_id" integer NOT NULL,
	"store_code" text DEFAULT 'lt' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "special_offers_customer_idx" ON "special_offers" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_notifications_pending_uq" ON "stock_notifications" USING btree ("email","sku") WHERE notified_at is null;--> statement-breakpoint
CREATE INDEX "stock_notifications_pending_idx" ON "stock_notifications" USING btree ("product_id") WHERE notified_at is null;--> statement-breakpoint
-- the groups: 1 is every new customer's (no tier); 2 and 3 are demo tiers, used only when GROUP_PRICING is on
INSERT INTO "customer_groups" ("id", "code", "name", "discount_percent") VALUES (1, 'general', 'General', 0), (2, 'demo-wholesale', 'Wholesale (demo)', 5), (3, 'demo-vip', 'VIP (demo)', 10) ON CONFLICT DO NOTHING;
