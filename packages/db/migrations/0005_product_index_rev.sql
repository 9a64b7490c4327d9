CREATE SEQUENCE "public"."product_index_rev_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "product_index" ADD COLUMN "rev" bigint DEFAULT nextval('product_index_rev_seq') NOT NULL;--> statement-breakpoint
CREATE INDEX "product_index_rev_idx" ON "product_index" USING btree ("store_code","rev");