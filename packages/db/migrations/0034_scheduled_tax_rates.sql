-- VAT rate changes scheduled for a date (apps/api/src/settings/scheduled-tax-rates.ts): a country's
-- law changes its rate from a day, and the change applies by itself at 00:00 Europe/Vilnius of that
-- day. A row stays once applied (`applied_at`), as the record of what was scheduled and when it ran;
-- the rule's rows go with the rule. `created_by` is the staff e-mail as written, as staff_audit_log keeps it.
CREATE TABLE IF NOT EXISTS "scheduled_tax_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"rule_id" integer NOT NULL REFERENCES "tax_rules"("id") ON DELETE CASCADE,
	"country" text NOT NULL,
	"rate" numeric(5, 2) NOT NULL,
	"effective_on" date NOT NULL,
	"created_by_staff_id" integer,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "scheduled_tax_rates_pending_idx" ON "scheduled_tax_rates" USING btree ("effective_on") WHERE "applied_at" IS NULL;
