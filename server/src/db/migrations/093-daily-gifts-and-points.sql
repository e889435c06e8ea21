-- What a linked character gets (decision 305): a daily free gift per game and points on purchases.

-- The game's rewards, catalogue data (null: none): its time zone (the gift's day), the gift's items,
-- points per 1,000 minor units of each currency, and the tiers' thresholds.
ALTER TABLE games ADD COLUMN rewards jsonb;

-- One gift per character per day in the game's time zone: the key makes a second claim, at the same
-- moment on another instance, a conflict instead of a second mail.
CREATE TABLE daily_gifts (
  game_id integer NOT NULL,
  server_id text NOT NULL,
  role_id text NOT NULL,
  day date NOT NULL,
  mail_key text NOT NULL UNIQUE,
  link_id text NOT NULL,
  claimed_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (game_id, server_id, role_id, day)
);

-- One ledger of points: each event counts once (event_key), the balance is the sum.
-- 'purchase' earn:<order>, 'refund' refund:<order>[:<part>], 'correction' by the support desk,
-- 'redeem' redeem:<character>:<the page's token> for a reward mailed into the game.
CREATE TABLE points_ledger (
  id bigserial PRIMARY KEY,
  event_key text NOT NULL UNIQUE,
  game_id integer NOT NULL,
  server_id text NOT NULL,
  role_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('purchase', 'refund', 'correction', 'redeem')),
  points integer NOT NULL CHECK (points <> 0),
  order_id text,
  reason text NOT NULL DEFAULT '',
  actor text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  CHECK ((kind IN ('correction', 'redeem')) = (order_id IS NULL))
);
CREATE INDEX points_ledger_by_character ON points_ledger (game_id, server_id, role_id, id);
CREATE INDEX points_ledger_by_order ON points_ledger (order_id) WHERE order_id IS NOT NULL;

-- A reward bought with points goes by in-game mail like the gift.
ALTER TABLE player_mails DROP CONSTRAINT player_mails_kind_check;
ALTER TABLE player_mails ADD CONSTRAINT player_mails_kind_check CHECK (kind IN ('ownership_code', 'daily_gift', 'points_reward'));
