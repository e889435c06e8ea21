-- The brands a pay method takes (card networks, wallets, carriers), as keys of the store's brand
-- marks (server/src/catalogue/pay-brands.ts): shown beside the method's name on the order pages.
ALTER TABLE pay_types ADD COLUMN brands jsonb NOT NULL DEFAULT '[]';
