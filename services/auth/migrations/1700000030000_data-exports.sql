-- Up Migration
-- A member's 'Download my data' exports: gathered in the background from every service, the zip
-- kept in the blob store until expires_at. No foreign key to users: the sweep deletes an expired
-- export's object whether or not its member still exists.
CREATE TYPE data_export_status AS ENUM ('pending', 'running', 'ready', 'failed', 'expired');

CREATE TABLE data_exports (
  id           UUID PRIMARY KEY,
  user_id      UUID NOT NULL,
  status       data_export_status NOT NULL DEFAULT 'pending',
  parts_done   INTEGER NOT NULL DEFAULT 0,
  parts_total  INTEGER NOT NULL,
  blob_key     TEXT,
  size_bytes   INTEGER,
  error        TEXT,
  -- An instance building the export holds it until then; past it, another one takes it over.
  lease_until  TIMESTAMPTZ(3),
  created_at   TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  completed_at TIMESTAMPTZ(3),
  expires_at   TIMESTAMPTZ(3)
);
CREATE INDEX data_exports_user ON data_exports (user_id, created_at);
CREATE INDEX data_exports_status ON data_exports (status);

-- Down Migration
DROP TABLE data_exports;
DROP TYPE data_export_status;
