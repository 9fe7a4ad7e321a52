-- Up Migration
-- Every upload link handed out, until it expires: the unrecorded ones count against the member's
-- caps, and once the link is dead the sweep deletes whatever was put at its key (never recorded, or
-- put there again after the file was moved to its final key).
CREATE TABLE attachment_uploads (
  -- the final key the attachment gets when recorded
  file_path      TEXT PRIMARY KEY,
  -- the key the upload link writes to; nothing is ever served from it
  upload_key     TEXT NOT NULL UNIQUE,
  uploaded_by    UUID NOT NULL,
  declared_bytes INTEGER NOT NULL CHECK (declared_bytes >= 0),
  expires_at     TIMESTAMPTZ(3) NOT NULL,
  recorded_at    TIMESTAMPTZ(3),
  created_at     TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX attachment_uploads_pending ON attachment_uploads (uploaded_by, expires_at) WHERE recorded_at IS NULL;
CREATE INDEX attachment_uploads_expiry ON attachment_uploads (expires_at);
