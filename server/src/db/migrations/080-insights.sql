-- Insights in the back office (docs/back-office.md, "Insights"; decision 272): the funnel from page
-- loads to delivered orders, sales per currency and delivery health, read from hourly rollups in UTC.

-- A report's browser session (a random id the page draws and keeps for the tab, no personal data; ''
-- when the page sends none) and the storefront that sent it ('phone': /api, 'payCentre': /api/pcpay).
-- Report type 4 is the store's own: the page confirmed a character.
ALTER TABLE reports ADD COLUMN session_id text NOT NULL DEFAULT '';
ALTER TABLE reports ADD COLUMN storefront text NOT NULL DEFAULT '';
ALTER TABLE reports DROP CONSTRAINT reports_report_type_check;
ALTER TABLE reports ADD CONSTRAINT reports_report_type_check CHECK (report_type IN (1, 2, 3, 4));
-- the rollup reads the reports of recent hours, and the retention drops the oldest
CREATE INDEX reports_by_time ON reports (created_at);
-- a session's earlier report of the same step (the funnel counts each session once per step)
CREATE INDEX reports_by_session ON reports (session_id, game_id, report_type, id) WHERE session_id <> '';

-- The storefront an order was placed on ('' for orders placed before it was kept).
ALTER TABLE orders ADD COLUMN storefront text NOT NULL DEFAULT '';
-- the rollup reads what happened to orders in recent hours, each event at its own time
CREATE INDEX orders_by_created_at ON orders (created_at);
CREATE INDEX orders_by_paid_at ON orders (paid_at) WHERE paid_at IS NOT NULL;
CREATE INDEX orders_by_delivered_at ON orders (delivered_at) WHERE delivered_at IS NOT NULL;
CREATE INDEX orders_by_delivery_failed_at ON orders (delivery_failed_at) WHERE delivery_failed_at IS NOT NULL;
CREATE INDEX orders_by_disputed_at ON orders (disputed_at) WHERE disputed_at IS NOT NULL;
CREATE INDEX refunds_by_time ON refunds (refunded_at);

-- Reports per UTC hour: `reports` as received, `sessions` the sessions that reached the step in that
-- hour for the first time (a report without a session counts as a session of its own).
CREATE TABLE insights_report_hours (
  hour timestamptz NOT NULL,
  game_id integer NOT NULL,
  area text NOT NULL,
  storefront text NOT NULL,
  report_type smallint NOT NULL,
  reports integer NOT NULL,
  sessions integer NOT NULL,
  PRIMARY KEY (hour, game_id, area, storefront, report_type)
);

-- What happened to orders per UTC hour, each event in the hour it happened: placed, paid (with the
-- amount, minor units of `currency`), delivered, failed, refunded, disputed.
CREATE TABLE insights_order_hours (
  hour timestamptz NOT NULL,
  game_id integer NOT NULL,
  area text NOT NULL,
  storefront text NOT NULL,
  product_id text NOT NULL,
  pay_type text NOT NULL,
  discount_code text NOT NULL,
  currency text NOT NULL,
  placed integer NOT NULL,
  paid integer NOT NULL,
  paid_minor bigint NOT NULL,
  first_paid integer NOT NULL,
  delivered integer NOT NULL,
  delivery_failed integer NOT NULL,
  refunded integer NOT NULL,
  refunded_minor bigint NOT NULL,
  disputed integer NOT NULL,
  disputed_minor bigint NOT NULL,
  PRIMARY KEY (hour, game_id, area, storefront, product_id, pay_type, discount_code, currency)
);

-- Payment-to-delivery times per UTC hour of delivery, counted per bucket (insights/delivery-buckets.ts).
CREATE TABLE insights_delivery_hours (
  hour timestamptz NOT NULL,
  game_id integer NOT NULL,
  area text NOT NULL,
  storefront text NOT NULL,
  product_id text NOT NULL,
  pay_type text NOT NULL,
  discount_code text NOT NULL,
  bucket smallint NOT NULL,
  orders integer NOT NULL,
  PRIMARY KEY (hour, game_id, area, storefront, product_id, pay_type, discount_code, bucket)
);

-- Up to when the rollups were made; the next run makes again the hours from a little before it.
CREATE TABLE insights_rollup_state (
  name text PRIMARY KEY,
  rolled_to timestamptz NOT NULL
);
