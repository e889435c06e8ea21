-- Each catalogue revision made from a catalogue file (an import, from the command line or the back
-- office): who, when, why, and the whole catalogue as it stood after it, so that any revision can be
-- downloaded again and compared.
CREATE TABLE catalogue_revisions (
  revision integer PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  actor text NOT NULL,
  reason text NOT NULL DEFAULT '',
  source text NOT NULL CHECK (source IN ('import', 'back-office')),
  counts jsonb NOT NULL,
  file jsonb NOT NULL
);
