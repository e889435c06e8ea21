-- Alerts (docs/back-office.md, "Alerts"; decision 281): operators subscribe per kind, each to their own
-- channels (an e-mail address, or a signed webhook); the store opens an incident once per incident,
-- and queues one delivery per channel of every subscriber in the same transaction.

-- An operator's ways of being told. A webhook's secret signs its bodies (HMAC-SHA256); it is shown to
-- the operator once, when the channel is made. Removing a channel keeps its row for the deliveries.
CREATE TABLE alert_channels (
  id serial PRIMARY KEY,
  operator_id integer NOT NULL REFERENCES operators (id),
  channel text NOT NULL CHECK (channel IN ('email', 'webhook')),
  label text NOT NULL DEFAULT '',
  email text,
  url text,
  format text NOT NULL DEFAULT 'json' CHECK (format IN ('json', 'slack', 'discord')),
  secret text,
  created_at timestamptz NOT NULL DEFAULT now(),
  removed_at timestamptz,
  CHECK ((channel = 'email' AND email IS NOT NULL AND url IS NULL) OR (channel = 'webhook' AND url IS NOT NULL AND secret IS NOT NULL))
);
CREATE INDEX alert_channels_by_operator ON alert_channels (operator_id) WHERE removed_at IS NULL;

-- Which kinds of alert an operator wants (on every active channel of theirs).
CREATE TABLE alert_subscriptions (
  operator_id integer NOT NULL REFERENCES operators (id),
  alert_kind text NOT NULL CHECK (alert_kind IN ('delivery_failures', 'auto_rollback', 'reconcile_finding', 'ticket', 'price_change')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (operator_id, alert_kind)
);

-- One row per incident. `open_key` ("<kind>:<subject>") is unique: while a condition's incident is open
-- (a game's deliveries failing, a reconciliation report with rows, a ticket waiting) nothing opens a
-- second one, on any instance; resolving it clears the key, so the next failure is a new incident.
-- A one-off event (a rollback, a published price change) keeps its key: it alerts once, ever.
CREATE TABLE alert_incidents (
  id bigserial PRIMARY KEY,
  alert_kind text NOT NULL,
  subject text NOT NULL,
  open_key text UNIQUE,
  title text NOT NULL,
  facts jsonb NOT NULL DEFAULT '{}'::jsonb,
  opened_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  resolved_at timestamptz
);
CREATE INDEX alert_incidents_newest ON alert_incidents (id DESC);
CREATE INDEX alert_incidents_open ON alert_incidents (alert_kind) WHERE resolved_at IS NULL;

-- Each incident's delivery to each channel (and a channel's tests, with no incident): webhooks are
-- posted from here by the alert worker (leases, SKIP LOCKED, retries); an e-mail is handed to the mail
-- outbox in the same transaction (`mail_key`) and its state read there.
CREATE TABLE alert_deliveries (
  id bigserial PRIMARY KEY,
  incident_id bigint REFERENCES alert_incidents (id),
  channel_id integer NOT NULL REFERENCES alert_channels (id),
  operator_id integer NOT NULL REFERENCES operators (id),
  mail_key text,
  due_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  leased_until timestamptz,
  leased_by text,
  last_error text NOT NULL DEFAULT '',
  answer_status integer,
  sent_at timestamptz,
  failed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE UNIQUE INDEX alert_deliveries_once ON alert_deliveries (incident_id, channel_id) WHERE incident_id IS NOT NULL;
CREATE INDEX alert_deliveries_due ON alert_deliveries (due_at) WHERE sent_at IS NULL AND failed_at IS NULL AND mail_key IS NULL;
CREATE INDEX alert_deliveries_by_channel ON alert_deliveries (channel_id, id DESC);

-- The newest incident each operator has seen on the Alerts page: the menu's badge counts those after it.
CREATE TABLE alert_seen (
  operator_id integer PRIMARY KEY REFERENCES operators (id),
  seen_through bigint NOT NULL DEFAULT 0
);

-- The failing-deliveries watch reads the last minutes of delivery outcomes.
CREATE INDEX order_events_delivery_outcomes ON order_events (at) WHERE event IN ('delivered', 'delivery_retry', 'delivery_failed');
