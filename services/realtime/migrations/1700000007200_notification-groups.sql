-- Up Migration
-- Notifications about one conversation or discussion are one entry while it is unread: a new event adds
-- to its count and replaces its preview instead of adding a row.
ALTER TABLE notifications ADD COLUMN group_key TEXT, ADD COLUMN item_count INT NOT NULL DEFAULT 1;
CREATE UNIQUE INDEX notifications_open_group ON notifications (user_id, group_key)
  WHERE group_key IS NOT NULL AND NOT is_read;
-- Every event a notification took in: a redelivered event that was merged into a group is known again
-- and counts once.
CREATE TABLE notification_sources (
  source_event_id UUID NOT NULL,
  user_id         UUID NOT NULL,
  notification_id UUID NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
  PRIMARY KEY (source_event_id, user_id)
);
INSERT INTO notification_sources (source_event_id, user_id, notification_id)
  SELECT source_event_id, user_id, id FROM notifications;
CREATE INDEX notifications_discussion ON notifications (user_id, discussion_id) WHERE NOT is_read;

-- Down Migration
DROP INDEX notifications_discussion;
DROP TABLE notification_sources;
DROP INDEX notifications_open_group;
ALTER TABLE notifications DROP COLUMN item_count, DROP COLUMN group_key;
