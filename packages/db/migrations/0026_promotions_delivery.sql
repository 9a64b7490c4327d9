-- Promotions kept in the back office: a cap on one customer's uses of a coupon (null: none),
-- counted as the customer's orders with the coupon that are not cancelled (by account or e-mail).
ALTER TABLE "coupons" ADD COLUMN IF NOT EXISTS "uses_per_customer" integer;
--> statement-breakpoint
ALTER TABLE "coupons" DROP CONSTRAINT IF EXISTS "coupons_uses_per_customer_not_negative";
--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_uses_per_customer_not_negative" CHECK ("uses_per_customer" IS NULL OR "uses_per_customer" >= 0);
--> statement-breakpoint
-- the per-customer count reads the orders of one coupon
CREATE INDEX IF NOT EXISTS "orders_coupon_code_idx" ON "orders" ("coupon_code") WHERE "coupon_code" IS NOT NULL;
