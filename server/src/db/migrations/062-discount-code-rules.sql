-- Discount codes are catalogue data (docs/catalogue.md, decision 118): a code applies to several games
-- and several bundles (empty lists: all), takes either a per cent or an amount off (minor units per
-- currency, {"USD": 200, "KRW": 2000}), and may be limited in all characters' uses together.
ALTER TABLE discount_codes ADD COLUMN game_ids jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(game_ids) = 'array');
ALTER TABLE discount_codes ADD COLUMN product_ids jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(product_ids) = 'array');
UPDATE discount_codes
   SET game_ids = CASE WHEN game_id IS NULL THEN '[]'::jsonb ELSE jsonb_build_array(game_id) END,
       product_ids = CASE WHEN product_id IS NULL THEN '[]'::jsonb ELSE jsonb_build_array(product_id) END;
ALTER TABLE discount_codes DROP COLUMN game_id;
ALTER TABLE discount_codes DROP COLUMN product_id;

-- exactly one of percent_off (1-90, as before) and amount_off
ALTER TABLE discount_codes ALTER COLUMN percent_off DROP NOT NULL;
ALTER TABLE discount_codes ADD COLUMN amount_off jsonb CHECK (jsonb_typeof(amount_off) = 'object');
ALTER TABLE discount_codes ADD CONSTRAINT discount_codes_percent_or_amount CHECK ((percent_off IS NULL) <> (amount_off IS NULL));

-- orders all characters together may place with the code, counted as uses_per_role is; 0: no limit
ALTER TABLE discount_codes ADD COLUMN uses_per_code integer NOT NULL DEFAULT 0 CHECK (uses_per_code >= 0);
-- a code's uses by every character, counted when an order is placed and when it is paid
CREATE INDEX orders_by_discount_code ON orders (discount_code, status) WHERE discount_code <> '';

-- the demo seed imports its catalogue file as a revision of its own
ALTER TABLE catalogue_revisions DROP CONSTRAINT catalogue_revisions_source_check;
ALTER TABLE catalogue_revisions ADD CONSTRAINT catalogue_revisions_source_check CHECK (source IN ('import', 'back-office', 'seed'));
