-- Up Migration
-- The review queue: reports of forum posts (from forum.post.reported) beside the DM reports, and the
-- recorded outcome of a review (the spec's resolution values; a dismissal records none).
CREATE TYPE review_outcome AS ENUM ('delete', 'warn', 'suspend', 'ban');
ALTER TABLE message_reports ADD COLUMN outcome review_outcome;

CREATE TABLE post_reports (
  id               UUID PRIMARY KEY,
  reporter_id      UUID NOT NULL,
  author_id        UUID NOT NULL,
  discussion_id    UUID NOT NULL,
  reply_id         UUID,
  discussion_title TEXT NOT NULL,
  content          TEXT NOT NULL,
  report_type      report_type NOT NULL,
  reason           TEXT,
  created_at       TIMESTAMPTZ(3) NOT NULL,
  is_resolved      BOOLEAN NOT NULL DEFAULT false,
  resolved_by      UUID,
  resolved_at      TIMESTAMPTZ(3),
  outcome          review_outcome,
  resolution       TEXT
);
CREATE INDEX post_reports_by_post ON post_reports ((COALESCE(reply_id, discussion_id)));
CREATE INDEX post_reports_open ON post_reports (created_at DESC) WHERE NOT is_resolved;

-- Down Migration
DROP TABLE post_reports;
ALTER TABLE message_reports DROP COLUMN outcome;
DROP TYPE review_outcome;
