-- When a chore that the whole cluster needs once (expiring unpaid orders, the payment provider's
-- resends) last ran, and on which instance: each period of a chore runs on one instance only.
CREATE TABLE chore_runs (
  chore text PRIMARY KEY,
  ran_at timestamptz NOT NULL,
  ran_by text NOT NULL DEFAULT ''
);
