-- Staff accounts kept in the back office: single-use links that set a password (an invitation, or a
-- reset an admin sent). Only the sha-256 of the link's token is stored; a link works once, before
-- expires_at, and a newer link of the same account ends the older ones.
CREATE TABLE IF NOT EXISTS "staff_password_tokens" (
  "id" serial PRIMARY KEY NOT NULL,
  "staff_id" integer NOT NULL,
  "token_hash" text NOT NULL,
  "purpose" text NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "staff_password_tokens_token_hash_unique" UNIQUE("token_hash"),
  CONSTRAINT "staff_password_tokens_purpose_check" CHECK ("purpose" IN ('invite', 'reset'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "staff_password_tokens_staff_idx" ON "staff_password_tokens" ("staff_id");
--> statement-breakpoint
-- Optional TOTP two-factor login (RFC 6238) per staff account. totp_pending_secret: an enrolment not
-- confirmed with a code yet; totp_last_step: the time step of the last code accepted, so a code is
-- never accepted twice.
ALTER TABLE "staff_users" ADD COLUMN IF NOT EXISTS "totp_secret" text;
--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN IF NOT EXISTS "totp_pending_secret" text;
--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN IF NOT EXISTS "totp_enabled_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN IF NOT EXISTS "totp_last_step" bigint;
--> statement-breakpoint
-- single-use recovery codes of a two-factor login: only their sha-256
CREATE TABLE IF NOT EXISTS "staff_recovery_codes" (
  "id" serial PRIMARY KEY NOT NULL,
  "staff_id" integer NOT NULL,
  "code_hash" text NOT NULL,
  "used_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "staff_recovery_codes_staff_idx" ON "staff_recovery_codes" ("staff_id");
