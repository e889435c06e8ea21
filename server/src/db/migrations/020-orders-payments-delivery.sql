-- Orders from submission to the player's mailbox: what was asked and charged, every change of
-- state with its time, payments received, mail to deliver (the outbox) and refunds.

ALTER TABLE orders ADD COLUMN order_token text;
ALTER TABLE orders ADD COLUMN server_name text NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN role_name text NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN product_name text NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN pay_type text NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN discount_code text NOT NULL DEFAULT '';
-- the catalogue price, the discount taken off it; amount_minor is what the player pays
ALTER TABLE orders ADD COLUMN list_price_minor integer NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN discount_minor integer NOT NULL DEFAULT 0;
-- the bundle's first-purchase bonus goes out with this order
ALTER TABLE orders ADD COLUMN first_buy boolean NOT NULL DEFAULT false;
ALTER TABLE orders ADD COLUMN payment_provider text NOT NULL DEFAULT 'sandbox';
ALTER TABLE orders ADD COLUMN expires_at timestamptz;
ALTER TABLE orders ADD COLUMN paid_at timestamptz;
ALTER TABLE orders ADD COLUMN delivering_at timestamptz;
ALTER TABLE orders ADD COLUMN mail_sent_at timestamptz;
ALTER TABLE orders ADD COLUMN delivered_at timestamptz;
ALTER TABLE orders ADD COLUMN declined_at timestamptz;
ALTER TABLE orders ADD COLUMN expired_at timestamptz;
ALTER TABLE orders ADD COLUMN delivery_failed_at timestamptz;
ALTER TABLE orders ADD COLUMN refunded_at timestamptz;
ALTER TABLE orders ADD COLUMN mail_id text;
ALTER TABLE orders ADD CONSTRAINT orders_amounts CHECK (amount_minor > 0 AND discount_minor >= 0);

-- One order per client token: double taps and retries of the same submission find the same order.
CREATE UNIQUE INDEX orders_by_token ON orders (order_token) WHERE order_token IS NOT NULL;
-- The unpaid orders the expiry sweep looks at.
CREATE INDEX orders_unpaid ON orders (expires_at) WHERE status = 'created';

-- Every change of an order's state, and every delivery attempt, with its time.
CREATE TABLE order_events (
  id bigserial PRIMARY KEY,
  order_id text NOT NULL REFERENCES orders (order_id),
  event text NOT NULL CHECK (
    event IN ('created', 'paid', 'delivering', 'mail_sent', 'delivered', 'declined', 'expired',
              'delivery_retry', 'delivery_failed', 'refunded', 'late_payment')
  ),
  attempt integer,
  next_attempt_at timestamptz,
  detail text NOT NULL DEFAULT '',
  at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX order_events_by_order ON order_events (order_id, id);

-- Webhook events received from payment providers: a replayed event id changes nothing.
CREATE TABLE payment_events (
  provider text NOT NULL,
  event_id text NOT NULL,
  order_id text NOT NULL REFERENCES orders (order_id),
  result text NOT NULL CHECK (result IN ('paid', 'declined')),
  amount_minor integer NOT NULL,
  currency text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, event_id)
);
CREATE INDEX payment_events_by_order ON payment_events (order_id);

-- The transactional outbox: written in the same transaction as the state change that needs it,
-- worked by the delivery worker. job 'deliver' sends the in-game mail, 'refund' returns the money.
CREATE TABLE delivery_outbox (
  order_id text NOT NULL REFERENCES orders (order_id),
  job text NOT NULL CHECK (job IN ('deliver', 'refund')),
  due_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  first_attempt_at timestamptz,
  -- a worker holds the job until then; after a crash the lease runs out and another worker takes it
  leased_until timestamptz,
  last_error text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (order_id, job)
);
CREATE INDEX delivery_outbox_due ON delivery_outbox (due_at);

CREATE TABLE refunds (
  order_id text PRIMARY KEY REFERENCES orders (order_id),
  provider text NOT NULL,
  refund_id text NOT NULL,
  amount_minor integer NOT NULL,
  currency text NOT NULL,
  reason text NOT NULL,
  refunded_at timestamptz NOT NULL DEFAULT now()
);

-- Discount codes (stored upper-case). A code takes percent_off per cent off the bundle's price.
CREATE TABLE discount_codes (
  code text PRIMARY KEY CHECK (code = upper(code) AND code <> ''),
  -- NULL: every game; product_id NULL: every bundle of the game(s)
  game_id integer,
  product_id text,
  percent_off integer NOT NULL CHECK (percent_off BETWEEN 1 AND 90),
  valid_from timestamptz NOT NULL DEFAULT '2000-01-01T00:00:00Z',
  valid_until timestamptz,
  -- orders one character may place with the code; 0: no limit
  uses_per_role integer NOT NULL DEFAULT 0 CHECK (uses_per_role >= 0),
  active boolean NOT NULL DEFAULT true
);

-- The sandbox payment provider's own books: one payment per order, and its refund.
CREATE TABLE sandbox_payments (
  order_id text PRIMARY KEY,
  event_id text NOT NULL,
  result text NOT NULL CHECK (result IN ('paid', 'declined')),
  amount_minor integer NOT NULL,
  currency text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- when the store acknowledged the webhook; until then the sandbox sends it again
  webhook_acknowledged_at timestamptz,
  webhook_attempts integer NOT NULL DEFAULT 0,
  webhook_last_sent_at timestamptz,
  refund_id text,
  refunded_at timestamptz
);

-- Switches of the sandbox game: 'fail_mail' makes the next N mails fail (-1: every mail).
CREATE TABLE sandbox_switches (
  name text PRIMARY KEY,
  remaining integer NOT NULL DEFAULT 0
);
