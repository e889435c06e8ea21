-- A bundle may be on sale for a while only (an event pack): players are offered it from
-- sale_starts_at (NULL: since always) until sale_ends_at (NULL: for good), judged when they ask.
ALTER TABLE bundles ADD COLUMN sale_starts_at timestamptz;
ALTER TABLE bundles ADD COLUMN sale_ends_at timestamptz;
ALTER TABLE bundles ADD CONSTRAINT bundles_sale_window CHECK (sale_starts_at IS NULL OR sale_ends_at IS NULL OR sale_ends_at > sale_starts_at);

-- role_buy_limit purchases per character in each calendar period, in UTC ('day', 'week' from Monday,
-- 'month'), or ever (every bundle until now).
ALTER TABLE bundles ADD COLUMN role_buy_limit_period text NOT NULL DEFAULT 'ever'
  CHECK (role_buy_limit_period IN ('ever', 'day', 'week', 'month'));
ALTER TABLE bundles ADD CONSTRAINT bundles_limit_period_needs_limit CHECK (role_buy_limit_period = 'ever' OR role_buy_limit > 0);
