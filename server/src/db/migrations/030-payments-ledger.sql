-- A customer can pay one order twice (two checkout tabs, both paid). The second payment is kept,
-- shown in the order's timeline and refunded on its own; the order keeps its first payment.

-- The sandbox's books hold every payment, keyed by the payment's own id, at most one per checkout
-- attempt of an order (a double click books once, a second tab books again).
ALTER TABLE sandbox_payments ADD COLUMN attempt_id text;
UPDATE sandbox_payments SET attempt_id = order_id;
ALTER TABLE sandbox_payments ALTER COLUMN attempt_id SET NOT NULL;
ALTER TABLE sandbox_payments DROP CONSTRAINT sandbox_payments_pkey;
ALTER TABLE sandbox_payments ADD PRIMARY KEY (event_id);
CREATE UNIQUE INDEX sandbox_payments_one_per_attempt ON sandbox_payments (order_id, attempt_id);
CREATE INDEX sandbox_payments_by_time ON sandbox_payments (created_at);

-- A paid event for an order that had taken its payment already: refunded on its own.
ALTER TABLE payment_events ADD COLUMN duplicate boolean NOT NULL DEFAULT false;

ALTER TABLE order_events DROP CONSTRAINT order_events_event_check;
ALTER TABLE order_events ADD CONSTRAINT order_events_event_check CHECK (
  event IN ('created', 'paid', 'delivering', 'mail_sent', 'delivered', 'declined', 'expired',
            'delivery_retry', 'delivery_failed', 'refunded', 'late_payment',
            'duplicate_payment', 'duplicate_refunded')
);

-- 'refund_payment' returns one duplicate payment (payment_id); the other jobs have payment_id ''.
ALTER TABLE delivery_outbox ADD COLUMN payment_id text NOT NULL DEFAULT '';
ALTER TABLE delivery_outbox DROP CONSTRAINT delivery_outbox_job_check;
ALTER TABLE delivery_outbox ADD CONSTRAINT delivery_outbox_job_check CHECK (
  (job IN ('deliver', 'refund') AND payment_id = '') OR (job = 'refund_payment' AND payment_id <> '')
);
ALTER TABLE delivery_outbox DROP CONSTRAINT delivery_outbox_pkey;
ALTER TABLE delivery_outbox ADD PRIMARY KEY (order_id, job, payment_id);

-- Refunds: one of the whole order (kind 'order'), and one per duplicate payment.
ALTER TABLE refunds DROP CONSTRAINT refunds_pkey;
ALTER TABLE refunds ADD COLUMN id bigserial PRIMARY KEY;
ALTER TABLE refunds ADD COLUMN kind text NOT NULL DEFAULT 'order' CHECK (kind IN ('order', 'duplicate_payment'));
-- the provider's payment that went back; NULL only on whole-order refunds recorded before it was kept
ALTER TABLE refunds ADD COLUMN payment_id text;
ALTER TABLE refunds ADD CONSTRAINT refunds_duplicate_names_payment CHECK (kind = 'order' OR payment_id IS NOT NULL);
CREATE UNIQUE INDEX refunds_one_per_order ON refunds (order_id) WHERE kind = 'order';
CREATE UNIQUE INDEX refunds_one_per_payment ON refunds (provider, payment_id);
