-- Recent characters that follow the player (decision 311): the links one browser made share a
-- browser_id, so a browser linked to a character can be offered the characters linked together with it
-- elsewhere. Not a device fingerprint: a random id the store draws when a browser with no live link
-- links its first character; the link cookie carries no more than before.
ALTER TABLE character_links ADD COLUMN browser_id text;
-- Links made before: each its own browser (nothing follows from them).
UPDATE character_links SET browser_id = link_id WHERE browser_id IS NULL;
ALTER TABLE character_links ALTER COLUMN browser_id SET NOT NULL;
CREATE INDEX character_links_by_browser ON character_links (browser_id);
