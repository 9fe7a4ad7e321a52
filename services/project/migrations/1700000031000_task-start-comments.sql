-- Up Migration
-- A task's optional start day (beyond the spec's schema): the timeline draws a bar from it to the
-- due day. Never after the due day when both are set (the service refuses that with a 400).
ALTER TABLE tasks ADD COLUMN start_date DATE;

-- A task's conversation. Mentions are the member ids the author picked (each notified once).
CREATE TABLE task_comments (
  id          UUID PRIMARY KEY,
  task_id     UUID NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
  author_id   UUID NOT NULL,
  content     TEXT NOT NULL,
  mentions    UUID[] NOT NULL DEFAULT '{}',
  created_at  TIMESTAMPTZ(3) NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX task_comments_task_idx ON task_comments (task_id, created_at);

-- Down Migration
DROP TABLE task_comments;
ALTER TABLE tasks DROP COLUMN start_date;
