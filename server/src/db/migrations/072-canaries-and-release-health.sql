-- Progressive delivery. A release may be live for a share of browsers (a canary) beside the version
-- everyone else gets; each browser's place in the split is its own random bucket, so it keeps its version.
ALTER TABLE live_versions ADD COLUMN canary_version text;
ALTER TABLE live_versions ADD COLUMN canary_share integer NOT NULL DEFAULT 0 CHECK (canary_share BETWEEN 0 AND 100);
ALTER TABLE live_versions ADD COLUMN canary_since timestamptz;
ALTER TABLE live_versions ADD CONSTRAINT live_versions_canary_fk FOREIGN KEY (app, canary_version) REFERENCES releases (app, version);
-- A change of the live version or of a canary, by a person, a command or the store itself (automatic
-- rollback), with the share and, for an automatic rollback, the figures it acted on.
ALTER TABLE release_activations DROP CONSTRAINT IF EXISTS release_activations_kind_check;
ALTER TABLE release_activations ADD CONSTRAINT release_activations_kind_check CHECK (kind IN ('activate', 'rollback', 'canary', 'auto-rollback'));
ALTER TABLE release_activations ADD COLUMN share integer;
ALTER TABLE release_activations ADD COLUMN figures jsonb;
-- How each version of each app fared in players' browsers, per minute: page loads that rendered, that
-- failed (manifest or entry, a chunk, the page's render), and the time to the first render.
CREATE TABLE IF NOT EXISTS release_health (
  app text NOT NULL,
  version text NOT NULL,
  minute timestamptz NOT NULL,
  rendered integer NOT NULL DEFAULT 0,
  manifest_failed integer NOT NULL DEFAULT 0,
  chunk_failed integer NOT NULL DEFAULT 0,
  render_failed integer NOT NULL DEFAULT 0,
  render_ms_sum bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (app, version, minute)
);
CREATE INDEX IF NOT EXISTS release_health_minute_idx ON release_health (minute);
-- Apps whose automatic rollback an operator switched off (on by default, with the settings' thresholds).
CREATE TABLE IF NOT EXISTS release_policies (
  app text PRIMARY KEY,
  auto_rollback boolean NOT NULL,
  changed_by text NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now()
);
