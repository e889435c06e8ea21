-- The language an operator last used in the back office (docs/back-office.md, "Your account"): the
-- store's mails to them (the password reset link, alerts) are written in it. English until the console
-- first tells the store otherwise.
ALTER TABLE operators ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'ko', 'zh'));

-- The orders list filtered by a pay type and a currency it is never sold in (bank with USD, wallet with
-- KRW) read every order backwards along orders_by_created_at looking for a page that does not exist
-- (p95 613 ms on a million orders): the planner took the two columns for independent, multiplied their
-- shares and expected tens of thousands of matches. Their joint statistics tell it which pairs exist,
-- so it takes orders_by_currency_pay_type (migration 060) and answers an absent pair at once.
CREATE STATISTICS orders_pay_type_currency (mcv) ON pay_type, currency FROM orders;
ANALYZE orders;
