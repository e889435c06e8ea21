-- The language an operator last used in the back office (docs/back-office.md, "Your account"): the
-- store's mails to them (the password reset link, alerts) are written in it. English until the console
-- first tells the store otherwise.
ALTER TABLE operators ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'ko', 'zh'));
