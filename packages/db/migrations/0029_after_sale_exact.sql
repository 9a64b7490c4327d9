-- A return's refund is linked to its return (the return page proposes it once, then shows it made).
ALTER TABLE refunds ADD COLUMN IF NOT EXISTS return_id integer;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS refunds_return_idx ON refunds (return_id) WHERE return_id IS NOT NULL;
--> statement-breakpoint
-- Customer groups' price tiers over time: with the product's price history they give the price a
-- group was charged, so a group shopper's reduction is measured from the lowest price the group
-- paid in the 30 days before it (Directive 98/6/EC art. 6a). The tiers in force now are their first
-- rows: a group is taken to have had its tier since before any recorded price.
CREATE TABLE IF NOT EXISTS customer_group_tier_history (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id integer NOT NULL,
  discount_percent integer NOT NULL,
  changed_at timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS customer_group_tier_history_group_idx ON customer_group_tier_history (group_id, changed_at);
--> statement-breakpoint
INSERT INTO customer_group_tier_history (group_id, discount_percent, changed_at)
SELECT id, discount_percent, '1970-01-01T00:00:00Z'::timestamptz FROM customer_groups g
WHERE NOT EXISTS (SELECT 1 FROM customer_group_tier_history h WHERE h.group_id = g.id);
--> statement-breakpoint
-- Since when a newsletter record is in its status: an unconfirmed sign-up or a withdrawn subscription is
-- deleted a period after (the retention sweep).
ALTER TABLE newsletter_subscribers ADD COLUMN IF NOT EXISTS status_changed_at timestamp with time zone DEFAULT now() NOT NULL;
