-- What each catalogue revision changed (added, changed and retired rows per list, prices old and new),
-- kept with it so that the back office shows it later from the revision list. Revisions made before
-- this have none (NULL). The counts of revisions reverted or seeded as a part of the catalogue counted the
-- file's rows, not the catalogue's: each revision's counts are made again from the catalogue it keeps.
ALTER TABLE catalogue_revisions ADD COLUMN diff jsonb;

UPDATE catalogue_revisions r SET counts = (
  SELECT coalesce(jsonb_object_agg(key, jsonb_array_length(value)), '{}'::jsonb)
    FROM jsonb_each(r.file)
   WHERE jsonb_typeof(value) = 'array'
);
