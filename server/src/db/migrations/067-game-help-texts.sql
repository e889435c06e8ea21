-- A game's own recharge instructions, per language ({"en": ["…", …], "ko": […]}): the paragraphs of the
-- help dialog on its top-up page. A language without them shows the store's own instructions.
ALTER TABLE games ADD COLUMN help jsonb NOT NULL DEFAULT '{}'::jsonb;
