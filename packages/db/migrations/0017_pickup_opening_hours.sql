-- issue #13 "Paying": store pickup shows the shop's address and opening hours. A pickup point's hours
-- per ISO weekday, {"1": "10:00-19:00", …, "7": null}; null for a point whose hours are not known
-- (a parcel locker open around the clock need not say so).
ALTER TABLE "pickup_points" ADD COLUMN IF NOT EXISTS "opening_hours" jsonb;
