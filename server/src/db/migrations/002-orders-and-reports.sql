-- What players bought (first-buy and purchase limits come from here) and what pages reported.

CREATE TABLE orders (
  order_id text PRIMARY KEY,
  game_id integer NOT NULL,
  area text NOT NULL,
  server_id text NOT NULL,
  role_id text NOT NULL,
  uid text NOT NULL DEFAULT '',
  bundle_id integer NOT NULL REFERENCES bundles (id),
  product_id text NOT NULL,
  amount_minor integer NOT NULL,
  currency text NOT NULL,
  status text NOT NULL DEFAULT 'created' CHECK (
    status IN ('created', 'paid', 'delivering', 'delivered', 'declined', 'expired', 'delivery_failed', 'refunded')
  ),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orders_by_role ON orders (game_id, role_id, status);
CREATE INDEX orders_by_uid ON orders (game_id, uid, status);

CREATE TABLE reports (
  id bigserial PRIMARY KEY,
  game_id integer NOT NULL,
  area text NOT NULL,
  product_id text NOT NULL DEFAULT '',
  product_type text NOT NULL DEFAULT '',
  -- 1 page load, 2 tab change, 3 purchase intent
  report_type smallint NOT NULL CHECK (report_type IN (1, 2, 3)),
  source text NOT NULL DEFAULT '',
  client_address text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reports_by_game ON reports (game_id, report_type, created_at);
