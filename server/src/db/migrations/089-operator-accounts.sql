-- Operator accounts that protect money (issue 37, item 3; docs/back-office.md, "Your account").

-- Each session gets a short public number, so that an operator can name one of their own to end it
-- (the token's hash stays the key and never leaves the server). `second_factor_pending`: the password
-- was right and the session waits for a TOTP or recovery code; until then it can do nothing else.
ALTER TABLE operator_sessions ADD COLUMN id bigserial;
CREATE UNIQUE INDEX operator_sessions_by_id ON operator_sessions (id);
ALTER TABLE operator_sessions ADD COLUMN second_factor_pending boolean NOT NULL DEFAULT false;

-- The TOTP second factor (RFC 6238, 30-second steps, 6 digits, SHA-1 as every authenticator app
-- reads it). `totp_pending_secret`: shown at enrolment, kept until a first right code confirms it.
-- `totp_last_step`: the newest step a code was accepted for; a code of that step or an older one is
-- refused, so a code seen over someone's shoulder cannot be used again.
ALTER TABLE operators ADD COLUMN totp_secret text;
ALTER TABLE operators ADD COLUMN totp_pending_secret text;
ALTER TABLE operators ADD COLUMN totp_enrolled_at timestamptz;
ALTER TABLE operators ADD COLUMN totp_last_step bigint NOT NULL DEFAULT 0;

-- Recovery codes: given once at enrolment, stored only as SHA-256 hashes (each is 50 random bits),
-- each usable once in place of a TOTP code.
CREATE TABLE operator_recovery_codes (
  operator_id integer NOT NULL REFERENCES operators (id),
  code_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  used_at timestamptz,
  PRIMARY KEY (operator_id, code_hash)
);

-- Password reset links, e-mailed: only the token's SHA-256 is kept. A link works once, until
-- `expires_at` (30 minutes after it was asked for).
CREATE TABLE operator_password_resets (
  token_hash text PRIMARY KEY,
  operator_id integer NOT NULL REFERENCES operators (id),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  address text NOT NULL DEFAULT ''
);
CREATE INDEX operator_password_resets_by_operator ON operator_password_resets (operator_id, created_at);
