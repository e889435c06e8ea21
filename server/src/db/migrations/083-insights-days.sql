-- The insights' all-games figures per UTC day (decision 277): made by the same chore from the hourly
-- rollups of migration 080, so that a chart over every game reads about a hundred rows per day instead
-- of one per order. Each measure is an array of 24 running sums over the day's UTC hours
-- (sums[h] = the hours 0 .. h-1 of the day together, 1-based), so that the part of a UTC day that falls
-- on an operator's day in any time zone is one subtraction: the day's hours stay exact in every zone.

-- Reports of every game, area and storefront: sessions that reached a step (types 1, 3, 4).
CREATE TABLE insights_report_days (
  day date NOT NULL,
  report_type smallint NOT NULL,
  sessions bigint[] NOT NULL,
  PRIMARY KEY (day, report_type)
);

-- Order events of every game, summed per one breakdown: dimension 'all' (key ''), 'game' (game id),
-- 'bundle' (product id), 'pay_type' or 'code' (discount code, '' without), and currency.
CREATE TABLE insights_order_days (
  dimension text NOT NULL,
  day date NOT NULL,
  key text NOT NULL,
  currency text NOT NULL,
  placed bigint[] NOT NULL,
  paid bigint[] NOT NULL,
  paid_minor bigint[] NOT NULL,
  first_paid bigint[] NOT NULL,
  delivered bigint[] NOT NULL,
  delivery_failed bigint[] NOT NULL,
  refunded bigint[] NOT NULL,
  refunded_minor bigint[] NOT NULL,
  disputed bigint[] NOT NULL,
  disputed_minor bigint[] NOT NULL,
  PRIMARY KEY (dimension, day, key, currency)
);

-- Payment-to-delivery times per game and bucket (insights/delivery-buckets.ts), every area and storefront.
CREATE TABLE insights_delivery_days (
  day date NOT NULL,
  game_id integer NOT NULL,
  bucket smallint NOT NULL,
  orders bigint[] NOT NULL,
  PRIMARY KEY (day, game_id, bucket)
);

-- The arrays are read one element at a time: kept as they are (a row stays under 2.5 kB), not
-- compressed, so that no read has to unpack a whole array for one element.
ALTER TABLE insights_order_days
  ALTER COLUMN placed SET STORAGE PLAIN, ALTER COLUMN paid SET STORAGE PLAIN, ALTER COLUMN paid_minor SET STORAGE PLAIN,
  ALTER COLUMN first_paid SET STORAGE PLAIN, ALTER COLUMN delivered SET STORAGE PLAIN, ALTER COLUMN delivery_failed SET STORAGE PLAIN,
  ALTER COLUMN refunded SET STORAGE PLAIN, ALTER COLUMN refunded_minor SET STORAGE PLAIN, ALTER COLUMN disputed SET STORAGE PLAIN,
  ALTER COLUMN disputed_minor SET STORAGE PLAIN;
