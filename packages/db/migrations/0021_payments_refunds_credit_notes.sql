-- Money after the sale: payments the staff record (bank transfer, cash on delivery: amount, date,
-- reference), refunds (full or partial, through the provider or made by hand: a to-do until done),
-- credit notes in their own gap-free series, and the invoice's date of supply.
ALTER TABLE "payments" ADD COLUMN IF NOT EXISTS "received_on" date;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN IF NOT EXISTS "reference" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN IF NOT EXISTS "recorded_by" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN IF NOT EXISTS "supplied_on" date;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"total_cents" integer NOT NULL,
	"parts" jsonb NOT NULL,
	"reason" text NOT NULL,
	"provider" text,
	"external_id" text,
	"error" text,
	"reference" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	"done_by" text
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "refunds_pending_idx" ON "refunds" USING btree ("created_at") WHERE status = 'pending';--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "credit_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"order_id" integer NOT NULL,
	"invoice_number" text NOT NULL,
	"refund_id" integer,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"parts" jsonb NOT NULL,
	"total_cents" integer NOT NULL,
	"seller" jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_number_unique" UNIQUE("number")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "credit_notes_order_idx" ON "credit_notes" USING btree ("order_id");
