-- Who placed an order, as far as the store can tell: a hash of the client's address (an IPv6 one by
-- its /64). A character's open unpaid orders are capped per buyer, so that one buyer's orders never
-- count against another's; orders placed before this column hold '' and count for the character only.
ALTER TABLE orders ADD COLUMN buyer text NOT NULL DEFAULT '';
