-- Up Migration
-- The report dialog's six types (spec 2) and the data schema's seven (spec 3); a report stores both.
CREATE TYPE report_type AS ENUM ('spam', 'harassment', 'inappropriate_content', 'hate_speech', 'threat', 'other');
CREATE TYPE message_report_type AS ENUM ('spam', 'harassment', 'inappropriate', 'off_topic', 'misinformation', 'personal_info', 'other');

-- What the admin service keeps of direct messages (from dm's events): enough to judge a report,
-- even after the message is deleted.
CREATE TABLE message_snapshots (
  message_id   UUID PRIMARY KEY,
  sender_id    UUID NOT NULL,
  recipient_id UUID NOT NULL,
  content      TEXT NOT NULL,
  sent_at      TIMESTAMPTZ(3) NOT NULL,
  deleted_at   TIMESTAMPTZ(3)
);

CREATE TABLE message_reports (
  id                 UUID PRIMARY KEY,
  message_id         UUID NOT NULL REFERENCES message_snapshots (message_id),
  reporter_id        UUID NOT NULL,
  report_type        report_type NOT NULL,
  schema_report_type message_report_type NOT NULL,
  description        TEXT,
  is_resolved        BOOLEAN NOT NULL DEFAULT false,
  resolved_by        UUID,
  resolved_at        TIMESTAMPTZ(3),
  resolution         TEXT,
  created_at         TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
-- One open report per reporter and message; once resolved they may report it again.
CREATE UNIQUE INDEX message_reports_one_open ON message_reports (reporter_id, message_id) WHERE NOT is_resolved;
CREATE INDEX message_reports_open ON message_reports (created_at DESC) WHERE NOT is_resolved;

-- Down Migration
DROP TABLE message_reports;
DROP TABLE message_snapshots;
DROP TYPE message_report_type;
DROP TYPE report_type;
