-- Post-purchase offers (decision 307): per game and area, one bundle offered after a paid order, for a
-- number of minutes after its payment, at a per cent off or with bonus items. Catalogue data: edited
-- with the draft and Publish, and an edit made in SQL bumps the catalogue's revision like the others.
CREATE TABLE post_purchase_offers (
  game_id integer NOT NULL,
  area text NOT NULL,
  product_id text NOT NULL,
  percent_off integer NOT NULL DEFAULT 0 CHECK (percent_off BETWEEN 0 AND 90),
  bonus_items jsonb NOT NULL DEFAULT '[]'::jsonb,
  minutes integer NOT NULL CHECK (minutes BETWEEN 1 AND 1440),
  active boolean NOT NULL DEFAULT true,
  PRIMARY KEY (game_id, area)
);

CREATE TRIGGER post_purchase_offers_edited AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON post_purchase_offers FOR EACH STATEMENT EXECUTE FUNCTION topup_catalogue_edited();

-- The paid order an order takes the offer of: one open or paid offer order per paid order.
ALTER TABLE orders ADD COLUMN offer_of text;
CREATE INDEX orders_offer_of ON orders (offer_of) WHERE offer_of IS NOT NULL;
