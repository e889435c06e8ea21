-- E-mails the store sends (order receipts, support-ticket references), written in the same
-- transaction as what they tell about and sent by the mail worker. `mail_key` names what a mail is
-- about ("receipt:<order_id>", "ticket:<reference>"): a second queuing of the same key changes
-- nothing, so no mail is ever sent twice.
CREATE TABLE mail_outbox (
  mail_key text PRIMARY KEY,
  recipient text NOT NULL CHECK (recipient <> ''),
  subject text NOT NULL,
  body_text text NOT NULL,
  body_html text NOT NULL DEFAULT '',
  locale text NOT NULL DEFAULT 'en',
  due_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  leased_until timestamptz,
  last_error text NOT NULL DEFAULT '',
  -- set once the SMTP server took the mail; the row stays as the record of it
  sent_at timestamptz,
  message_id text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_outbox_due ON mail_outbox (due_at) WHERE sent_at IS NULL;
