-- After the sale: the terms a buyer accepted, withdrawals, returns and personal-data requests (docs/legal.md)
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "terms_version" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "anonymised_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"return_id" integer NOT NULL,
	"declared_by" text NOT NULL,
	"customer_id" integer,
	"declared_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "withdrawals_order_idx" ON "withdrawals" USING btree ("order_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"reason" text NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"grade" text,
	"note" text,
	"created_by" text NOT NULL,
	"staff_id" integer,
	"restocked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "returns_order_idx" ON "returns" USING btree ("order_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "returns_state_idx" ON "returns" USING btree ("state","id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "return_lines" (
	"return_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"qty" integer NOT NULL,
	CONSTRAINT "return_lines_return_id_order_item_id_pk" PRIMARY KEY("return_id","order_item_id"),
	CONSTRAINT "return_lines_qty_positive" CHECK ("return_lines"."qty" > 0)
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "return_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"actor_kind" text NOT NULL,
	"staff_id" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "return_history_return_idx" ON "return_history" USING btree ("return_id","id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "privacy_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject_hash" text NOT NULL,
	"requested_by" text NOT NULL,
	"staff_id" integer,
	"summary" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "privacy_requests_subject_idx" ON "privacy_requests" USING btree ("subject_hash");
