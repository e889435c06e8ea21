-- Release health counts only page loads the store served: each registry answer carries a signed,
-- short-lived token, and each (token, app) counts once. A row per counted load, kept for the
-- rollback window (or the token's life, if longer): the replay guard, and what caps one network's
-- share of a version's loads in a window.
CREATE TABLE IF NOT EXISTS release_health_loads (
  token_id text NOT NULL,
  app text NOT NULL,
  version text NOT NULL,
  network text NOT NULL,
  counted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (token_id, app)
);
CREATE INDEX IF NOT EXISTS release_health_loads_network_idx ON release_health_loads (app, version, network, counted_at);
CREATE INDEX IF NOT EXISTS release_health_loads_counted_idx ON release_health_loads (counted_at);
-- The key that signs load tokens and preview links when RELEASE_SIGNING_KEY is not set: drawn once,
-- shared by every instance and by the ops commands on the same database. One row.
CREATE TABLE IF NOT EXISTS release_signing_key (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  secret text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
