-- What players ask the store through the help page's contact form. The player gets the reference
-- on the page and by e-mail; the back office's support desk lists, answers and closes tickets.
CREATE TABLE support_tickets (
  reference text PRIMARY KEY,
  -- the order it is about, as the player typed it ('' for none); not a foreign key: a player may mistype it
  order_id text NOT NULL DEFAULT '',
  -- the page it was sent from, for context (NULL game: the pay centre or no game)
  game_id integer,
  area text NOT NULL DEFAULT '',
  email text NOT NULL CHECK (email <> ''),
  message text NOT NULL CHECK (message <> ''),
  -- the language to answer in
  locale text NOT NULL DEFAULT 'en',
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'answered', 'closed')),
  answer text NOT NULL DEFAULT '',
  answered_by text NOT NULL DEFAULT '',
  answered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX support_tickets_open ON support_tickets (created_at) WHERE status = 'open';
CREATE INDEX support_tickets_email ON support_tickets (lower(email), created_at);
