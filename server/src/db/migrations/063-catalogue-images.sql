-- Pictures operators upload for the catalogue (banners first), kept in the database so that every
-- instance of the store serves every picture. A picture is named by its content (the start of its
-- SHA-256 and its type's extension): a name never changes what it shows, so it is cached for a year.
CREATE TABLE catalogue_images (
  name text PRIMARY KEY CHECK (name ~ '^[0-9a-f]{20}\.(png|jpg|webp|gif)$'),
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp', 'image/gif')),
  bytes bytea NOT NULL,
  size integer NOT NULL CHECK (size > 0),
  -- read from the picture's header; NULL when the header does not say
  width integer,
  height integer,
  uploaded_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A banner is shown to players only inside its window: from starts_at (NULL: already) until ends_at
-- (NULL: no end).
ALTER TABLE banners ADD COLUMN starts_at timestamptz;
ALTER TABLE banners ADD COLUMN ends_at timestamptz;
ALTER TABLE banners ADD CONSTRAINT banners_window CHECK (starts_at IS NULL OR ends_at IS NULL OR ends_at > starts_at);
