-- Every change of a product's effective selling price per store view (Directive 98/6/EC art. 6a):
-- an announced reduction is measured from the lowest price charged in the 30 days before it.
CREATE TABLE IF NOT EXISTS "price_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"product_id" integer NOT NULL,
	"sku" text NOT NULL,
	"store_code" text NOT NULL,
	"price_cents" integer NOT NULL,
	"price_incl_tax_cents" integer NOT NULL,
	"reduced" boolean NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"source" text DEFAULT 'index' NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "price_history_product_idx" ON "price_history" USING btree ("product_id","store_code","changed_at");
--> statement-breakpoint
-- the prices in force when the history begins (a shop upgraded with its catalogue indexed): a later
-- reduction is measured from them; a special price already running has no known prior price
INSERT INTO "price_history" ("product_id", "sku", "store_code", "price_cents", "price_incl_tax_cents", "reduced", "changed_at")
SELECT pi."product_id", pi."sku", pi."store_code", (pi."doc"->>'final_price')::int, pi."final_price_incl_tax",
	(pi."doc"->>'special_price') IS NOT NULL, now()
FROM "product_index" pi
WHERE (pi."doc"->>'final_price') IS NOT NULL
	AND NOT EXISTS (SELECT 1 FROM "price_history" h WHERE h."product_id" = pi."product_id" AND h."store_code" = pi."store_code");
--> statement-breakpoint
-- Feedback on an order as a whole (delivery, service): staff read it; it is no product's review.
CREATE TABLE IF NOT EXISTS "order_feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"title" text NOT NULL,
	"detail" text NOT NULL,
	"nickname" text NOT NULL,
	"rating" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_feedback_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
-- Order feedback filed before as the same review on every product of a multi-product order: it
-- becomes the order's feedback, and those reviews (about the order, not the products) go.
INSERT INTO "order_feedback" ("order_id", "title", "detail", "nickname", "rating", "created_at")
SELECT DISTINCT ON (r."order_id") r."order_id", r."title", r."detail", r."nickname", r."rating", r."created_at"
FROM "reviews" r
WHERE r."order_id" IS NOT NULL
	AND (SELECT count(*) FROM "reviews" o WHERE o."order_id" = r."order_id") > 1
ORDER BY r."order_id", r."id"
ON CONFLICT ("order_id") DO NOTHING;
--> statement-breakpoint
DELETE FROM "reviews" r
WHERE r."order_id" IS NOT NULL
	AND EXISTS (SELECT 1 FROM "order_feedback" f WHERE f."order_id" = r."order_id");
