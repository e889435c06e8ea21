-- Where each game's server is (the game-server contract, docs/game-integration.md) and the secret its
-- requests and answers are signed with. Set per game by the publisher; '' for none (the game is then
-- unavailable to GAME_GATEWAY=http). The secret is a run-time secret kept with the catalogue: it never
-- leaves the server (no API answer carries it) and is never logged.
ALTER TABLE games ADD COLUMN game_server_url text NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN game_server_secret text NOT NULL DEFAULT '';
