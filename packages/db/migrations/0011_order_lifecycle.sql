-- Order lifecycle (issue #15): carrier and tracking, who cancelled, when the stock went back (once),
-- pickup orders; the status history; the order event log (webhooks); e-mails once per order and kind.
ALTER TABLE "orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stock_returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "is_pickup" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- existing orders: a cancelled order's units were returned when it was cancelled
UPDATE "orders" SET "stock_returned_at" = "updated_at" WHERE "status" = 'cancelled';--> statement-breakpoint
UPDATE "orders" SET "cancelled_by" = CASE
    WHEN "cancel_reason" = 'payment_timeout' THEN 'payment_timeout'
    WHEN "payment_status" IN ('failed', 'cancelled') THEN 'payment'
    ELSE 'staff' END
  WHERE "status" = 'cancelled';--> statement-breakpoint
UPDATE "orders" SET "is_pickup" = true
  WHERE "shipping_address" ? 'pickup_point'
     OR "shipping_method_code" IN (SELECT "code" FROM "shipping_methods" WHERE "carrier_code" = 'storepickup');--> statement-breakpoint
CREATE TABLE "order_status_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_status_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"payment_status" text NOT NULL,
	"shipping_status" text NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" text,
	"actor_email" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "order_status_history_order_idx" ON "order_status_history" USING btree ("order_id","id");--> statement-breakpoint
-- existing orders: their placing, and (when they moved on before this history existed) their status now
INSERT INTO "order_status_history" ("order_id", "action", "from_status", "to_status", "payment_status", "shipping_status", "actor_kind", "created_at")
  SELECT "id", 'placed', NULL, 'new', 'pending', 'pending', 'customer', "created_at" FROM "orders" ORDER BY "id";--> statement-breakpoint
INSERT INTO "order_status_history" ("order_id", "action", "from_status", "to_status", "payment_status", "shipping_status", "actor_kind", "note", "created_at")
  SELECT "id", 'recorded', 'new', "status", "payment_status", "shipping_status", 'system', 'status before the history was kept (migration 0011)', "updated_at"
  FROM "orders" WHERE "status" <> 'new' ORDER BY "id";--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "order_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"order_id" integer NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_events_seq_unique" UNIQUE("seq")
);--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_dedupe_key_uq" ON "outbox" USING btree ("dedupe_key") WHERE dedupe_key is not null;
