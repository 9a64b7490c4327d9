CREATE TABLE "invoice_series" (
	"prefix" text PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
CREATE TABLE "invoices" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seller" jsonb NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number")
);
