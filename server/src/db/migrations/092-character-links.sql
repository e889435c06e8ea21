-- A player proves a character is theirs with a one-time code the store mails into the game, and this
-- browser is linked to the character (docs/api.md "Linked characters"; decision 304).

-- The code a character was last sent: one per character (a new one replaces it), kept as an HMAC,
-- never as typed. tries_left counts down on each wrong try; used_at ends it.
CREATE TABLE ownership_codes (
  game_id integer NOT NULL,
  server_id text NOT NULL,
  role_id text NOT NULL,
  code_hash text NOT NULL,
  tries_left integer NOT NULL CHECK (tries_left >= 0),
  expires_at timestamptz NOT NULL,
  mail_key text NOT NULL,
  -- the character's area and name when the code was asked for: the link made with it carries them
  area text NOT NULL DEFAULT '',
  role_name text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (game_id, server_id, role_id)
);

-- A browser's link to a character: the cookie carries link_id (signed); the row says whether it
-- still holds (not ended, not expired). No account, no personal data: a character and two dates.
CREATE TABLE character_links (
  link_id text PRIMARY KEY,
  game_id integer NOT NULL,
  area text NOT NULL,
  server_id text NOT NULL,
  role_id text NOT NULL,
  role_name text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  expires_at timestamptz NOT NULL,
  ended_at timestamptz,
  -- 'player' (End link on the page), or 'operator:<id>' (the support desk)
  ended_by text,
  CHECK ((ended_at IS NULL) = (ended_by IS NULL))
);
CREATE INDEX character_links_by_character ON character_links (game_id, server_id, role_id);

-- Mails the store sends a character that are not an order's: the ownership code, the daily gift.
-- mail_key is the game's idempotency key, and the outbox job's key.
CREATE TABLE player_mails (
  mail_key text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('ownership_code', 'daily_gift')),
  game_id integer NOT NULL,
  server_id text NOT NULL,
  role_id text NOT NULL,
  title text NOT NULL,
  body text NOT NULL DEFAULT '',
  items jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  sent_at timestamptz,
  game_mail_id text,
  -- the outbox gave up on it (the game never took it)
  failed_at timestamptz,
  last_error text NOT NULL DEFAULT ''
);
CREATE INDEX player_mails_by_character ON player_mails (game_id, server_id, role_id, created_at);

-- The same outbox sends them: job 'player_mail', whose order_id holds the player mail's key. The
-- foreign key to orders becomes a check by trigger that knows both kinds of key.
ALTER TABLE delivery_outbox DROP CONSTRAINT delivery_outbox_order_id_fkey;
ALTER TABLE delivery_outbox DROP CONSTRAINT delivery_outbox_job_check;
ALTER TABLE delivery_outbox ADD CONSTRAINT delivery_outbox_job_check CHECK (
  (job IN ('deliver', 'refund', 'player_mail') AND payment_id = '')
  OR (job IN ('refund_payment', 'resend') AND payment_id <> '')
  OR (job = 'refund_part' AND payment_id LIKE 'part:%' AND amount_minor IS NOT NULL AND reason <> '')
);
CREATE FUNCTION delivery_outbox_key_exists() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.job = 'player_mail' THEN PERFORM 1 FROM player_mails WHERE mail_key = NEW.order_id; ELSE PERFORM 1 FROM orders WHERE order_id = NEW.order_id; END IF; IF NOT FOUND THEN RAISE EXCEPTION 'delivery_outbox: no % for key %', CASE WHEN NEW.job = 'player_mail' THEN 'player mail' ELSE 'order' END, NEW.order_id USING ERRCODE = 'foreign_key_violation'; END IF; RETURN NEW; END $$;
CREATE TRIGGER delivery_outbox_key_exists BEFORE INSERT OR UPDATE OF order_id, job ON delivery_outbox
  FOR EACH ROW EXECUTE FUNCTION delivery_outbox_key_exists();

-- The sandbox game keeps what kind of mail it got and its text, so a player (and a test) can read a code.
ALTER TABLE sandbox_mail ADD COLUMN kind text NOT NULL DEFAULT 'purchase';
ALTER TABLE sandbox_mail ADD COLUMN body text NOT NULL DEFAULT '';
