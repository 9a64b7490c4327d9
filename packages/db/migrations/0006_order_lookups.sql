ALTER TABLE "orders" ADD COLUMN "request_hash" text;--> statement-breakpoint
CREATE INDEX "orders_cart_idx" ON "orders" USING btree ("cart_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_token_idx" ON "orders" USING btree ("order_token");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_external_idx" ON "payments" USING btree ("provider","external_id");