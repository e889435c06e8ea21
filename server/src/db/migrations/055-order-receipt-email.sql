-- The address a player gave on the order page for a receipt ('' for none), and the language the
-- order page was in: the receipt mail is written in it. Both stay with the order; the receipt is
-- queued in the mail outbox in the transaction that records the delivery.
ALTER TABLE orders ADD COLUMN receipt_email text NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN locale text NOT NULL DEFAULT 'en';
-- Mails the worker gave up on stay unsent with their last error; this finds them for the back office.
ALTER TABLE mail_outbox ADD COLUMN failed_at timestamptz;
