CREATE TABLE "attributes" (
	"attribute_id" integer PRIMARY KEY NOT NULL,
	"attribute_code" text NOT NULL,
	"frontend_label" jsonb NOT NULL,
	"frontend_input" text DEFAULT 'select' NOT NULL,
	"is_comparable" boolean DEFAULT false NOT NULL,
	"is_filterable" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "attributes_attribute_code_unique" UNIQUE("attribute_code")
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"image" text NOT NULL,
	"title" jsonb NOT NULL,
	"link" jsonb NOT NULL,
	"category_id" integer,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_items" (
	"item_id" serial PRIMARY KEY NOT NULL,
	"cart_id" text NOT NULL,
	"product_id" integer NOT NULL,
	"sku" text NOT NULL,
	"parent_sku" text,
	"qty" integer NOT NULL,
	"product_type" text NOT NULL,
	"product_option" jsonb,
	"identity_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"store_code" text DEFAULT 'lt' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"coupon_code" text,
	"country_id" text,
	"shipping_method_code" text,
	"payment_method_code" text,
	"shipping_address" jsonb,
	"billing_address" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"level" integer DEFAULT 0 NOT NULL,
	"path" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"name" jsonb NOT NULL,
	"slug" jsonb NOT NULL,
	"description" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cms_blocks" (
	"id" integer PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"title" jsonb NOT NULL,
	"content" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cms_blocks_identifier_unique" UNIQUE("identifier")
);
--> statement-breakpoint
CREATE TABLE "cms_pages" (
	"id" integer PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"slug" jsonb NOT NULL,
	"title" jsonb NOT NULL,
	"content" jsonb NOT NULL,
	"meta_description" jsonb,
	"is_active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cms_pages_identifier_unique" UNIQUE("identifier")
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"message" text NOT NULL,
	"store_code" text DEFAULT 'lt' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"code" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"value" integer NOT NULL,
	"from_date" timestamp with time zone,
	"to_date" timestamp with time zone,
	"min_subtotal_cents" integer,
	"uses_per_coupon" integer,
	"times_used" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"group_id" integer DEFAULT 1 NOT NULL,
	"store_code" text DEFAULT 'lt' NOT NULL,
	"addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"image" text,
	"published_at" timestamp with time zone NOT NULL,
	CONSTRAINT "news_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"email" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"confirm_code" text NOT NULL,
	"store_code" text DEFAULT 'lt' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"qty" integer NOT NULL,
	"product_type" text NOT NULL,
	"product_option" jsonb,
	"price_incl_tax" integer NOT NULL,
	"row_total_incl_tax" integer NOT NULL,
	"tax_percent" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"increment_id" text NOT NULL,
	"order_token" text NOT NULL,
	"idempotency_key" text,
	"cart_id" text,
	"customer_id" integer,
	"store_code" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"shipping_status" text DEFAULT 'pending' NOT NULL,
	"email" text NOT NULL,
	"personal_details" jsonb NOT NULL,
	"shipping_address" jsonb NOT NULL,
	"billing_address" jsonb NOT NULL,
	"shipping_method_code" text NOT NULL,
	"payment_method_code" text NOT NULL,
	"payment_additional" jsonb,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"subtotal_incl_tax" integer NOT NULL,
	"discount_amount" integer DEFAULT 0 NOT NULL,
	"shipping_incl_tax" integer NOT NULL,
	"payment_fee" integer DEFAULT 0 NOT NULL,
	"tax_amount" integer NOT NULL,
	"grand_total" integer NOT NULL,
	"coupon_code" text,
	"feedback_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_increment_id_unique" UNIQUE("increment_id"),
	CONSTRAINT "orders_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"code" text PRIMARY KEY NOT NULL,
	"title" jsonb NOT NULL,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_server_method" boolean DEFAULT false NOT NULL,
	"offline" boolean DEFAULT false NOT NULL,
	"allowed_for_virtual" boolean DEFAULT true NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount_cents" integer NOT NULL,
	"external_id" text,
	"payload" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pickup_points" (
	"id" text PRIMARY KEY NOT NULL,
	"carrier_code" text NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"postcode" text NOT NULL,
	"country_id" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"product_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_categories_product_id_category_id_pk" PRIMARY KEY("product_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "product_index" (
	"store_code" text NOT NULL,
	"product_id" integer NOT NULL,
	"sku" text NOT NULL,
	"type_id" text NOT NULL,
	"status" integer NOT NULL,
	"visibility" integer NOT NULL,
	"slug" text NOT NULL,
	"url_path" text NOT NULL,
	"name" text NOT NULL,
	"category_ids" integer[] NOT NULL,
	"attrs" jsonb NOT NULL,
	"child_skus" text[] NOT NULL,
	"final_price_incl_tax" integer NOT NULL,
	"total_qty" integer NOT NULL,
	"is_in_stock" boolean NOT NULL,
	"is_promoted" integer NOT NULL,
	"sales_count" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone,
	"search" "tsvector" NOT NULL,
	"search_text" text NOT NULL,
	"doc" jsonb NOT NULL,
	CONSTRAINT "product_index_store_code_product_id_pk" PRIMARY KEY("store_code","product_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY NOT NULL,
	"sku" text NOT NULL,
	"type_id" text NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"visibility" integer DEFAULT 4 NOT NULL,
	"parent_id" integer,
	"name" jsonb NOT NULL,
	"description" jsonb,
	"short_description" jsonb,
	"url_key" text NOT NULL,
	"brand" text,
	"mpn" text,
	"image" text,
	"media_gallery" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price_cents" integer NOT NULL,
	"special_price_cents" integer,
	"special_from_date" timestamp with time zone,
	"special_to_date" timestamp with time zone,
	"tax_class_id" integer DEFAULT 2 NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"configurable_options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"product_links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bundle_options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_promoted" integer DEFAULT 0 NOT NULL,
	"sales_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_sku_unique" UNIQUE("sku")
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"family_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone,
	"replaced_by_hash" text,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer,
	"order_id" integer,
	"title" text NOT NULL,
	"detail" text NOT NULL,
	"nickname" text NOT NULL,
	"rating" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_methods" (
	"code" text PRIMARY KEY NOT NULL,
	"carrier_code" text NOT NULL,
	"method_code" text NOT NULL,
	"title" jsonb NOT NULL,
	"price_cents" integer NOT NULL,
	"free_threshold_cents" integer,
	"countries" text[] NOT NULL,
	"needs_pickup_point" boolean DEFAULT false NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_config" (
	"code" text PRIMARY KEY NOT NULL,
	"configs" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"sku" text NOT NULL,
	"qty" integer DEFAULT 0 NOT NULL,
	"is_in_stock" boolean DEFAULT false NOT NULL,
	"manage_stock" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_sku_unique" UNIQUE("sku")
);
--> statement-breakpoint
CREATE TABLE "tax_rules" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"product_tax_class_ids" integer[] NOT NULL,
	"customer_tax_class_ids" integer[] NOT NULL,
	"rates" jsonb NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_identity_idx" ON "cart_items" USING btree ("cart_id","identity_key");--> statement-breakpoint
CREATE INDEX "carts_customer_idx" ON "carts" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "outbox" USING btree ("id") WHERE processed_at is null;--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "pickup_points_carrier_idx" ON "pickup_points" USING btree ("carrier_code","country_id");--> statement-breakpoint
CREATE INDEX "product_categories_cat_idx" ON "product_categories" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_index_sku_idx" ON "product_index" USING btree ("store_code","sku");--> statement-breakpoint
CREATE INDEX "product_index_slug_idx" ON "product_index" USING btree ("store_code","url_path");--> statement-breakpoint
CREATE INDEX "product_index_cats_idx" ON "product_index" USING gin ("category_ids");--> statement-breakpoint
CREATE INDEX "product_index_attrs_idx" ON "product_index" USING gin ("attrs");--> statement-breakpoint
CREATE INDEX "product_index_search_idx" ON "product_index" USING gin ("search");--> statement-breakpoint
CREATE INDEX "product_index_children_idx" ON "product_index" USING gin ("child_skus");--> statement-breakpoint
CREATE INDEX "product_index_valid_until_idx" ON "product_index" USING btree ("valid_until") WHERE valid_until is not null;--> statement-breakpoint
CREATE INDEX "products_parent_idx" ON "products" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "reviews_product_idx" ON "reviews" USING btree ("product_id");