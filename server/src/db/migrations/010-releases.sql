-- Releases of the host and of each remote, which one is live, and every change of the live one.
CREATE TABLE IF NOT EXISTS releases (
  app text NOT NULL,
  version text NOT NULL,
  released_at timestamptz NOT NULL DEFAULT now(),
  released_by text NOT NULL,
  contract_ok boolean NOT NULL,
  contract_problems jsonb NOT NULL DEFAULT '[]'::jsonb,
  forced boolean NOT NULL DEFAULT false,
  PRIMARY KEY (app, version)
);

CREATE TABLE IF NOT EXISTS live_versions (
  app text PRIMARY KEY,
  version text NOT NULL,
  activated_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (app, version) REFERENCES releases (app, version)
);

CREATE TABLE IF NOT EXISTS release_activations (
  id bigserial PRIMARY KEY,
  app text NOT NULL,
  from_version text,
  to_version text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('activate', 'rollback')),
  actor text NOT NULL,
  reason text NOT NULL DEFAULT '',
  forced boolean NOT NULL DEFAULT false,
  activated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX IF NOT EXISTS release_activations_app_idx ON release_activations (app, id DESC);
