-- The support desk centred on the player (docs/back-office.md, "The player's page"; decision 284):
-- orders and tickets found by receipt e-mail and account uid, tickets linked to an order by the agent
-- and assigned to one, internal notes on orders and tickets.

-- A receipt e-mail typed in any case finds exactly that address's orders, newest first.
CREATE INDEX orders_by_receipt_email ON orders (lower(receipt_email), created_at DESC, order_id DESC);
-- An account's orders in every game, newest first (orders_by_uid starts with the game).
CREATE INDEX orders_by_account ON orders (uid, created_at DESC, order_id DESC);

-- The order an agent linked the ticket to (NULL: the one the player typed, if it exists). A foreign
-- key: an agent picks an order that exists.
ALTER TABLE support_tickets ADD COLUMN linked_order_id text REFERENCES orders (order_id);
-- The agent who has the ticket (NULL: nobody yet).
ALTER TABLE support_tickets ADD COLUMN assigned_to integer REFERENCES operators (id);
ALTER TABLE support_tickets ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX support_tickets_by_order ON support_tickets (order_id) WHERE order_id <> '';
CREATE INDEX support_tickets_by_linked_order ON support_tickets (linked_order_id) WHERE linked_order_id IS NOT NULL;
CREATE INDEX support_tickets_by_assignee ON support_tickets (assigned_to, status, created_at) WHERE assigned_to IS NOT NULL;

-- The desk's own notes on an order or a ticket: never shown to the player, never e-mailed. Kept as
-- written (no edits, no deletes), like the audit log; each note also has its audit row.
CREATE TABLE desk_notes (
  id bigserial PRIMARY KEY,
  target_type text NOT NULL CHECK (target_type IN ('order', 'ticket')),
  target_id text NOT NULL,
  body text NOT NULL CHECK (btrim(body) <> '' AND length(body) <= 4000),
  author text NOT NULL,
  operator_id integer REFERENCES operators (id),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX desk_notes_by_target ON desk_notes (target_type, target_id, id);
CREATE FUNCTION desk_notes_are_kept() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'desk notes are kept as written'; END $$;
CREATE TRIGGER desk_notes_kept BEFORE UPDATE OR DELETE ON desk_notes
  FOR EACH ROW EXECUTE FUNCTION desk_notes_are_kept();
