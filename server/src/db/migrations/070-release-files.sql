-- The files of every release of the host and of each remote, precompressed .br and .gz siblings
-- included, kept in the database so that every instance of the store serves every release. A
-- release's files are written in the transaction that records the release: a release is complete
-- or absent, and a version's files never change once written.
CREATE TABLE release_files (
  app text NOT NULL,
  version text NOT NULL,
  path text NOT NULL CHECK (length(path) BETWEEN 1 AND 300 AND path !~ '(^|/)\.\.?(/|$)' AND path !~ '^/' AND path !~ '//'),
  content bytea NOT NULL,
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  size integer NOT NULL CHECK (size >= 0),
  stored_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (app, version, path),
  FOREIGN KEY (app, version) REFERENCES releases (app, version)
);
