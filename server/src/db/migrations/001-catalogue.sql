-- The catalogue: games, where they are sold, their servers, tabs, pay types, bundles and banners.

CREATE TABLE games (
  game_id integer PRIMARY KEY CHECK (game_id > 0),
  -- {"en": ..., "ko": ..., "zh": ...}
  names jsonb NOT NULL,
  descriptions jsonb NOT NULL,
  icon_url text NOT NULL,
  -- 'id': the player types a character ID; 'name': a character name (game 284)
  role_lookup text NOT NULL DEFAULT 'id' CHECK (role_lookup IN ('id', 'name')),
  -- role lookups must carry the server's server_sign (game 134)
  server_sign_required boolean NOT NULL DEFAULT false,
  -- where to find the character ID in the game, or ''
  role_help_image text NOT NULL DEFAULT '',
  -- listed in the Voucher Center
  in_voucher_centre boolean NOT NULL DEFAULT true,
  sort integer NOT NULL DEFAULT 0
);

CREATE TABLE game_areas (
  game_id integer NOT NULL REFERENCES games (game_id) ON DELETE CASCADE,
  area text NOT NULL CHECK (area = lower(area) AND area <> ''),
  -- '' means no customer-service link for this game in this area
  customer_service_url text,
  sort integer NOT NULL DEFAULT 0,
  PRIMARY KEY (game_id, area)
);

CREATE TABLE servers (
  game_id integer NOT NULL,
  area text NOT NULL,
  -- '' for areas without a region picker; otherwise the region or sub-region value
  region text NOT NULL DEFAULT '',
  server_id text NOT NULL,
  server_name text NOT NULL,
  server_sign text NOT NULL DEFAULT '',
  sort integer NOT NULL DEFAULT 0,
  PRIMARY KEY (game_id, server_id),
  FOREIGN KEY (game_id, area) REFERENCES game_areas (game_id, area) ON DELETE CASCADE
);

CREATE TABLE product_tabs (
  game_id integer NOT NULL,
  area text NOT NULL,
  type text NOT NULL CHECK (type <> ''),
  sort integer NOT NULL DEFAULT 0,
  PRIMARY KEY (game_id, area, type),
  FOREIGN KEY (game_id, area) REFERENCES game_areas (game_id, area) ON DELETE CASCADE
);

CREATE TABLE pay_types (
  game_id integer NOT NULL,
  area text NOT NULL,
  pay_type text NOT NULL,
  name text NOT NULL,
  icon_url text NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  PRIMARY KEY (game_id, area, pay_type),
  FOREIGN KEY (game_id, area) REFERENCES game_areas (game_id, area) ON DELETE CASCADE
);

CREATE TABLE bundles (
  id serial PRIMARY KEY,
  game_id integer NOT NULL,
  area text NOT NULL,
  type text NOT NULL,
  product_id text NOT NULL UNIQUE,
  product_name text NOT NULL,
  product_content text NOT NULL DEFAULT '',
  product_file_url text NOT NULL,
  -- cents for dollars, won for won
  price_minor integer NOT NULL CHECK (price_minor > 0),
  -- the first purchase of this bundle by a character gets the first-pay offer
  first_buy_offer boolean NOT NULL DEFAULT false,
  first_pay_icon text NOT NULL DEFAULT '',
  first_pay_content text NOT NULL DEFAULT '',
  pay_icon text NOT NULL DEFAULT '',
  pay_content text NOT NULL DEFAULT '',
  -- purchases allowed per character; 0 means no limit
  role_buy_limit integer NOT NULL DEFAULT 0 CHECK (role_buy_limit >= 0),
  active boolean NOT NULL DEFAULT true,
  sort integer NOT NULL DEFAULT 0,
  FOREIGN KEY (game_id, area, type) REFERENCES product_tabs (game_id, area, type) ON DELETE CASCADE
);

CREATE TABLE banners (
  banner_key text PRIMARY KEY,
  -- NULL: a store-wide banner (pay centre home)
  game_id integer REFERENCES games (game_id) ON DELETE CASCADE,
  -- '' with a NULL game: every area
  area text NOT NULL DEFAULT '',
  url text NOT NULL,
  slideshow_url text NOT NULL,
  sort integer NOT NULL DEFAULT 0
);

CREATE TABLE store_settings (
  key text PRIMARY KEY,
  value text NOT NULL
);

-- Bumped by every catalogue write, so that every server process reloads its cache.
CREATE TABLE catalogue_revision (
  id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  revision integer NOT NULL DEFAULT 0
);
INSERT INTO catalogue_revision (id, revision) VALUES (1, 0);
