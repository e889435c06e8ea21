-- A server can be closed to new purchases (merged, retired, under maintenance): players no longer see it
-- in the server list nor find characters on it; orders placed before are delivered as usual.
ALTER TABLE servers ADD COLUMN open boolean NOT NULL DEFAULT true;
