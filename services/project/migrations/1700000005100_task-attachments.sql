-- Up Migration
-- Task attachments on the forum's flow: an upload link per file (write-once keys, caps on what is
-- uploaded and not yet recorded, swept when expired), then a record once the bytes are checked.
CREATE TYPE attachment_type AS ENUM ('image', 'document', 'video', 'audio', 'other');

CREATE TABLE task_attachment_uploads (
  -- the final key the attachment gets when recorded
  file_path      TEXT PRIMARY KEY,
  -- the key the upload link writes to; nothing is ever served from it
  upload_key     TEXT NOT NULL UNIQUE,
  task_id        UUID NOT NULL,
  uploaded_by    UUID NOT NULL,
  declared_bytes INTEGER NOT NULL CHECK (declared_bytes >= 0),
  expires_at     TIMESTAMPTZ(3) NOT NULL,
  recorded_at    TIMESTAMPTZ(3),
  created_at     TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX task_attachment_uploads_pending ON task_attachment_uploads (uploaded_by, expires_at) WHERE recorded_at IS NULL;
CREATE INDEX task_attachment_uploads_expiry ON task_attachment_uploads (expires_at);

CREATE TABLE task_attachments (
  id            UUID PRIMARY KEY,
  task_id       UUID NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
  file_name     TEXT NOT NULL,
  original_name TEXT NOT NULL,
  file_size     INTEGER NOT NULL CHECK (file_size >= 0),
  mime_type     TEXT NOT NULL,
  type          attachment_type NOT NULL,
  -- the blob store key, chosen by the server
  file_path     TEXT NOT NULL UNIQUE,
  uploaded_by   UUID NOT NULL,
  created_at    TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX task_attachments_task_idx ON task_attachments (task_id, created_at);

