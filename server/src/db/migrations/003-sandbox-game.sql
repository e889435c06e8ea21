-- The sandbox game: characters on every demo server, and the in-game mailbox.

CREATE TABLE sandbox_roles (
  game_id integer NOT NULL,
  server_id text NOT NULL,
  role_id text NOT NULL,
  role_name text NOT NULL,
  uid text NOT NULL,
  last_login_at timestamptz NOT NULL,
  PRIMARY KEY (game_id, role_id)
);
CREATE UNIQUE INDEX sandbox_roles_by_name ON sandbox_roles (game_id, server_id, lower(role_name));
CREATE INDEX sandbox_roles_by_uid ON sandbox_roles (game_id, uid);

CREATE TABLE sandbox_mail (
  mail_id bigserial PRIMARY KEY,
  -- the sender's idempotency key: one mail per key, however often it is sent
  mail_key text NOT NULL UNIQUE,
  game_id integer NOT NULL,
  server_id text NOT NULL,
  role_id text NOT NULL,
  title text NOT NULL,
  items jsonb NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sandbox_mail_by_role ON sandbox_mail (game_id, server_id, role_id);
