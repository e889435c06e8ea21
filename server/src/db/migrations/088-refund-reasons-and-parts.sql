-- Money actions of the support desk (docs/back-office.md; decision 286): a failing delivery stopped
-- and refunded in one step, partial refunds, and every refund with its reason.

-- A refund job carries what the desk asked for: the reason (every refund names one) and, for a
-- partial refund ('refund_part', payment_id 'part:<n>'), the amount. The whole refund's amount is
-- what is left of the payment when it runs.
ALTER TABLE delivery_outbox ADD COLUMN reason text NOT NULL DEFAULT '';
ALTER TABLE delivery_outbox ADD COLUMN amount_minor integer CHECK (amount_minor IS NULL OR amount_minor > 0);
ALTER TABLE delivery_outbox DROP CONSTRAINT delivery_outbox_job_check;
ALTER TABLE delivery_outbox ADD CONSTRAINT delivery_outbox_job_check CHECK (
  (job IN ('deliver', 'refund') AND payment_id = '')
  OR (job IN ('refund_payment', 'resend') AND payment_id <> '')
  OR (job = 'refund_part' AND payment_id LIKE 'part:%' AND amount_minor IS NOT NULL AND reason <> '')
);

-- A partial refund (kind 'partial', payment_id 'part:<n>' of the order) beside the whole one; several
-- per payment, so one refund per payment holds for duplicates only, and one per order's part.
ALTER TABLE refunds DROP CONSTRAINT refunds_kind_check;
ALTER TABLE refunds ADD CONSTRAINT refunds_kind_check CHECK (kind IN ('order', 'duplicate_payment', 'partial'));
ALTER TABLE refunds ADD COLUMN part text;
ALTER TABLE refunds ADD CONSTRAINT refunds_partial_names_part CHECK ((kind = 'partial') = (part IS NOT NULL));
DROP INDEX refunds_one_per_payment;
CREATE UNIQUE INDEX refunds_one_per_payment ON refunds (provider, payment_id) WHERE kind <> 'partial';
CREATE UNIQUE INDEX refunds_one_per_part ON refunds (order_id, part) WHERE kind = 'partial';
CREATE INDEX refunds_by_order ON refunds (order_id);
ALTER TABLE refunds DROP CONSTRAINT refunds_duplicate_names_payment;
ALTER TABLE refunds ADD CONSTRAINT refunds_duplicate_names_payment CHECK (kind <> 'duplicate_payment' OR payment_id IS NOT NULL);
-- Every refund names its reason.
ALTER TABLE refunds ADD CONSTRAINT refunds_reason_named CHECK (btrim(reason) <> '');

ALTER TABLE order_events DROP CONSTRAINT order_events_event_check;
ALTER TABLE order_events ADD CONSTRAINT order_events_event_check CHECK (
  event IN ('created', 'paid', 'delivering', 'mail_sent', 'delivered', 'declined', 'expired',
            'delivery_retry', 'delivery_failed', 'refunded', 'late_payment',
            'duplicate_payment', 'duplicate_refunded',
            'mail_resend_requested', 'mail_resent', 'refund_requested', 'disputed',
            'partial_refund_requested', 'partially_refunded')
);

-- The sandbox provider's refunds, several per payment (partial ones): the same key refunds once.
CREATE TABLE sandbox_refunds (
  refund_id text PRIMARY KEY,
  event_id text NOT NULL REFERENCES sandbox_payments (event_id),
  refund_key text NOT NULL,
  amount_minor integer NOT NULL CHECK (amount_minor > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (event_id, refund_key)
);
INSERT INTO sandbox_refunds (refund_id, event_id, refund_key, amount_minor, created_at)
  SELECT refund_id, event_id, 'whole', amount_minor, refunded_at FROM sandbox_payments WHERE refund_id IS NOT NULL;
