-- What a bundle delivers, as items (name, quantity) in the language of its area: what the card's
-- texts promise. `items` always; `first_buy_items` as well while the first-purchase offer applies;
-- `bonus_items` as well when it does not (a repeat purchase's "+10%").
ALTER TABLE bundles ADD COLUMN items jsonb NOT NULL DEFAULT '[]';
ALTER TABLE bundles ADD COLUMN first_buy_items jsonb NOT NULL DEFAULT '[]';
ALTER TABLE bundles ADD COLUMN bonus_items jsonb NOT NULL DEFAULT '[]';

-- The bundle's items as they were when the order was placed ({ items, firstBuy, bonus }): the mail
-- delivers them, with the first-purchase or the repeat bonus as the order's first_buy says once paid.
-- NULL for orders placed before items were kept: their mail names the bundle.
ALTER TABLE orders ADD COLUMN promised_items jsonb;
