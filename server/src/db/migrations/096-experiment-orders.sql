-- The offer experiment that priced an order (decision 309): which experiment, the variant the visitor got
-- and the visitor's id (the visitor cookie's, a random id of the browser). All three are set together
-- when the order is placed, under the character's lock, or all are null: an order of a bundle with no
-- running experiment, or placed without a visitor cookie. At payment a paid order with them becomes one
-- row of offer_experiment_conversions.
ALTER TABLE orders ADD COLUMN experiment_id text;
ALTER TABLE orders ADD COLUMN experiment_variant text;
ALTER TABLE orders ADD COLUMN experiment_visitor text;
ALTER TABLE orders ADD CONSTRAINT orders_experiment_whole
  CHECK ((experiment_id IS NULL) = (experiment_variant IS NULL) AND (experiment_id IS NULL) = (experiment_visitor IS NULL));
