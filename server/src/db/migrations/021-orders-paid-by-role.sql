-- A character's paid purchases of a bundle (first-buy bonus), found without reading its unpaid orders.
CREATE INDEX orders_paid_by_role ON orders (game_id, role_id, bundle_id) WHERE status IN ('paid', 'delivering', 'delivered');
