-- issue #12: a coupon used beyond its cap before this constraint (concurrent orders) keeps its count
-- (the orders show who used it); its cap is raised to that count so it stays used up and the check holds
UPDATE "coupons" SET "uses_per_coupon" = "times_used" WHERE "uses_per_coupon" IS NOT NULL AND "times_used" > "uses_per_coupon";--> statement-breakpoint
UPDATE "coupons" SET "times_used" = 0 WHERE "times_used" < 0;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_times_used_within_limit" CHECK ("coupons"."times_used" >= 0 AND ("coupons"."uses_per_coupon" IS NULL OR "coupons"."times_used" <= "coupons"."uses_per_coupon"));
