-- The back office: operators with a role each, their sign-in sessions, refused sign-ins, and the
-- audit log of every change made through it (docs/back-office.md).

CREATE TABLE operators (
  id serial PRIMARY KEY,
  email text NOT NULL CHECK (email = lower(email) AND email <> ''),
  -- Argon2id, as @node-rs/argon2 writes it (the PHC string holds its own salt and parameters)
  password_hash text NOT NULL,
  role text NOT NULL CHECK (role IN ('viewer', 'support', 'merchandiser', 'release_manager', 'admin')),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL DEFAULT '',
  disabled_at timestamptz,
  password_changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX operators_by_email ON operators (email);

-- One row per signed-in browser. The cookie holds a random token; only its SHA-256 is stored, so a
-- copy of this table signs nobody in.
CREATE TABLE operator_sessions (
  token_hash text PRIMARY KEY,
  operator_id integer NOT NULL REFERENCES operators (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  -- the absolute end: an active session still ends then
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  address text NOT NULL DEFAULT '',
  user_agent text NOT NULL DEFAULT ''
);
CREATE INDEX operator_sessions_by_operator ON operator_sessions (operator_id) WHERE revoked_at IS NULL;

-- Refused sign-ins per e-mail address typed, whether or not an operator has it: an address that
-- does not exist locks exactly as one that does, so the answers tell nobody which addresses exist.
CREATE TABLE operator_sign_in_failures (
  email text PRIMARY KEY,
  failures integer NOT NULL DEFAULT 0,
  first_failure_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz
);

-- Every state-changing action of the back office and of automation (OPS_TOKEN): who, when, what,
-- before and after, why, from where. Written in the transaction of the change it records.
-- `request_key` makes an action idempotent: the same request sent twice is done and recorded once.
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT clock_timestamp(),
  actor text NOT NULL,
  operator_id integer REFERENCES operators (id),
  action text NOT NULL,
  target_type text NOT NULL DEFAULT '',
  target_id text NOT NULL DEFAULT '',
  before jsonb,
  after jsonb,
  reason text NOT NULL DEFAULT '',
  address text NOT NULL DEFAULT '',
  request_key text
);
CREATE UNIQUE INDEX audit_log_by_request ON audit_log (request_key) WHERE request_key IS NOT NULL;
CREATE INDEX audit_log_by_target ON audit_log (target_type, target_id, id);
CREATE INDEX audit_log_by_actor ON audit_log (actor, id);
CREATE INDEX audit_log_by_action ON audit_log (action, id);

-- Nobody edits the record: not the store, not an operator, not a stray UPDATE.
-- (One line: migrations are split into statements at the semicolons that end lines.)
CREATE FUNCTION audit_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'the audit log is append-only'; END $$;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_is_append_only();

-- What the support desk does to orders: resend the in-game mail (a new idempotency key each time),
-- ask for a refund of a paid or delivered order, mark a disputed order.
ALTER TABLE orders ADD COLUMN refund_requested_at timestamptz;
ALTER TABLE orders ADD COLUMN disputed_at timestamptz;
ALTER TABLE order_events DROP CONSTRAINT order_events_event_check;
ALTER TABLE order_events ADD CONSTRAINT order_events_event_check CHECK (
  event IN ('created', 'paid', 'delivering', 'mail_sent', 'delivered', 'declined', 'expired',
            'delivery_retry', 'delivery_failed', 'refunded', 'late_payment',
            'duplicate_payment', 'duplicate_refunded',
            'mail_resend_requested', 'mail_resent', 'refund_requested', 'disputed')
);
-- 'resend' sends an order's mail again under a key of its own (payment_id holds the resend's number).
ALTER TABLE delivery_outbox DROP CONSTRAINT delivery_outbox_job_check;
ALTER TABLE delivery_outbox ADD CONSTRAINT delivery_outbox_job_check CHECK (
  (job IN ('deliver', 'refund') AND payment_id = '') OR (job IN ('refund_payment', 'resend') AND payment_id <> '')
);

-- The support desk's orders list: newest first, and each filter with the order of the list.
CREATE INDEX orders_newest ON orders (created_at DESC, order_id DESC);
CREATE INDEX orders_by_role_id ON orders (role_id, created_at DESC, order_id DESC);
CREATE INDEX orders_by_role_name ON orders (lower(role_name) text_pattern_ops, created_at DESC, order_id DESC);
-- A name typed in full or nearly matches a handful of orders, and a short start thousands: the planner
-- tells them apart by the statistics of the lowered names. With the default 100 histogram entries a
-- name that happens to be one of them is taken for 1 % of all orders, and the list then reads the whole
-- table newest first looking for it; with 1,000 entries it is taken for 0.1 %, few enough for the list
-- to read that name's orders from this index.
ALTER INDEX orders_by_role_name ALTER COLUMN 1 SET STATISTICS 1000;
CREATE INDEX orders_by_game_server ON orders (game_id, server_id, created_at DESC, order_id DESC);
CREATE INDEX orders_by_status ON orders (status, created_at DESC, order_id DESC);
CREATE INDEX orders_by_pay_type ON orders (pay_type, created_at DESC, order_id DESC);
CREATE INDEX orders_by_amount ON orders (amount_minor, created_at DESC);
-- A pay method is sold in some currencies only: asked for a method with a currency it never meets, the
-- list would read all of that method's orders looking for one; this index finds the pair or its absence at once.
CREATE INDEX orders_by_currency_pay_type ON orders (currency, pay_type, created_at DESC, order_id DESC);
