-- What became of an experiment's paid order after its payment (decision 309): the orders module tells
-- the experiments module when the order is refunded (as a whole or in parts) or disputed. A sale
-- refunded as a whole or disputed is no conversion (undone_at); the parts given back come out of its
-- revenue (refunded_minor). The row stays, as the payment's record.
ALTER TABLE offer_experiment_conversions ADD COLUMN refunded_minor bigint NOT NULL DEFAULT 0 CHECK (refunded_minor >= 0);
ALTER TABLE offer_experiment_conversions ADD COLUMN undone_at timestamptz;
