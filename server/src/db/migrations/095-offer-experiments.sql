-- Offer experiments (decision 308): an operator tries variants of one bundle's price (a per cent off)
-- or bonus items on shares of the visitors of its game's area; the store stops a variant that loses
-- against the control on the guardrail with significance. Operator data, not catalogue data: an
-- experiment is started and stopped, not published, and its figures belong to its run.
CREATE TABLE offer_experiments (
  experiment_id text PRIMARY KEY CHECK (experiment_id ~ '^[a-z0-9][a-z0-9-]{0,39}$'),
  game_id integer NOT NULL,
  area text NOT NULL,
  product_id text NOT NULL,
  guardrail text NOT NULL CHECK (guardrail IN ('revenue_per_visitor', 'conversion')),
  -- Neither side is judged before it has this many visitors.
  min_visitors integer NOT NULL DEFAULT 200 CHECK (min_visitors >= 1),
  state text NOT NULL DEFAULT 'running' CHECK (state IN ('running', 'stopped')),
  created_at timestamptz NOT NULL DEFAULT now(),
  stopped_at timestamptz,
  stopped_why text NOT NULL DEFAULT ''
);

-- One running experiment per bundle: a visitor's price never depends on two.
CREATE UNIQUE INDEX offer_experiments_one_running ON offer_experiments (game_id, area, product_id) WHERE state = 'running';

-- Variant 'control' is the catalogue's own offer (no per cent off, no bonus items).
CREATE TABLE offer_experiment_variants (
  experiment_id text NOT NULL REFERENCES offer_experiments (experiment_id) ON DELETE CASCADE,
  variant text NOT NULL CHECK (variant ~ '^[a-z0-9][a-z0-9-]{0,19}$'),
  share integer NOT NULL CHECK (share BETWEEN 1 AND 100),
  percent_off integer NOT NULL DEFAULT 0 CHECK (percent_off BETWEEN 0 AND 90),
  bonus_items jsonb NOT NULL DEFAULT '[]'::jsonb,
  stopped_at timestamptz,
  stopped_why text NOT NULL DEFAULT '',
  PRIMARY KEY (experiment_id, variant)
);

-- Who saw which variant (once per visitor), and the paid orders they placed with it.
CREATE TABLE offer_experiment_visits (
  experiment_id text NOT NULL REFERENCES offer_experiments (experiment_id) ON DELETE CASCADE,
  visitor text NOT NULL,
  variant text NOT NULL,
  seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (experiment_id, visitor)
);

CREATE TABLE offer_experiment_conversions (
  order_id text PRIMARY KEY,
  experiment_id text NOT NULL REFERENCES offer_experiments (experiment_id) ON DELETE CASCADE,
  visitor text NOT NULL,
  variant text NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor >= 0),
  paid_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX offer_experiment_conversions_visitor ON offer_experiment_conversions (experiment_id, visitor);

-- The guardrail's stop is an alert of its own kind.
ALTER TABLE alert_subscriptions DROP CONSTRAINT alert_subscriptions_alert_kind_check;
ALTER TABLE alert_subscriptions ADD CONSTRAINT alert_subscriptions_alert_kind_check
  CHECK (alert_kind IN ('delivery_failures', 'auto_rollback', 'reconcile_finding', 'ticket', 'price_change', 'experiment_stopped'));
