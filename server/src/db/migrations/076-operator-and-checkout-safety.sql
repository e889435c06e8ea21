-- The audit log cannot be emptied: TRUNCATE skips the row triggers of 060, so a statement trigger
-- refuses it (also a TRUNCATE ... CASCADE from operators), and nobody but the table's owner keeps the
-- privilege. In production the tables belong to a separate owner role and the store's role is granted
-- only SELECT and INSERT on audit_log: it can neither truncate it nor drop or disable these triggers
-- (docs/operations.md, "The database roles").
-- (One line per statement that holds semicolons: migrations are split at the semicolons that end lines.)
CREATE FUNCTION audit_log_is_never_emptied() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'the audit log is append-only: it cannot be truncated'; END $$;
CREATE TRIGGER audit_log_never_truncated BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_is_never_emptied();
REVOKE TRUNCATE ON audit_log FROM PUBLIC, CURRENT_USER;

-- Refused sign-ins per e-mail address typed AND the address they came from: a stranger who types an
-- operator's e-mail locks out only themselves, never the operator at their own address. Each new lock
-- of the same pair lasts twice as long as the one before (`locks`), up to a ceiling. The rows of the
-- old table were locks of at most 15 minutes: nothing is lost by starting afresh.
DROP TABLE operator_sign_in_failures;
CREATE TABLE operator_sign_in_failures (
  email text NOT NULL,
  address text NOT NULL,
  failures integer NOT NULL DEFAULT 0,
  first_failure_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  locks integer NOT NULL DEFAULT 0,
  PRIMARY KEY (email, address)
);

-- The Stripe Checkout Session opened for an order: the checkout address sends the player back to it
-- while it is open instead of asking Stripe for one at every visit.
CREATE TABLE stripe_checkout_sessions (
  order_id text PRIMARY KEY,
  session_id text NOT NULL,
  url text NOT NULL,
  expires_at timestamptz NOT NULL,
  -- how many sessions this order has had (each new one asks Stripe under a key of its own)
  attempt integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now()
);
