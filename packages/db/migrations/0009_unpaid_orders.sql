ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "client_address" text;--> statement-breakpoint
CREATE INDEX "orders_open_created_idx" ON "orders" USING btree ("created_at") WHERE status IN ('new', 'awaiting_payment') AND payment_status <> 'paid';--> statement-breakpoint
CREATE INDEX "orders_open_address_idx" ON "orders" USING btree ("client_address") WHERE status IN ('new', 'awaiting_payment') AND payment_status <> 'paid';