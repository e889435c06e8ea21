-- A pay method may cost more or less than the bundle's price: a provider's fee passed on (Korean
-- mobile-phone billing, typically +10 %) or a saving for a cheaper method. Whole per cent of the
-- bundle's price, rounded in the player's favour; 0 for the same price (every method until now).
ALTER TABLE pay_types ADD COLUMN price_percent integer NOT NULL DEFAULT 0 CHECK (price_percent BETWEEN -50 AND 50);
