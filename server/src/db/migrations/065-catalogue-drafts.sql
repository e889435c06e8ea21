-- The back office's catalogue draft (docs/catalogue.md): the rows operators have added or changed
-- and not yet published, one per catalogue row, shared by everyone who edits the catalogue. "Publish"
-- applies them to the catalogue as it is then, as one new revision, and empties the draft.
CREATE TABLE catalogue_draft_rows (
  -- the catalogue file's list: games, servers, bundles, ...
  list text NOT NULL,
  -- the row's key in that list (a bundle's product_id, "game/area" for an area, ...)
  row_key text NOT NULL,
  -- the row as it will be published
  row jsonb NOT NULL,
  -- the row as the catalogue had it when the draft first changed it; NULL for a row the draft adds
  base jsonb,
  updated_by text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (list, row_key)
);
