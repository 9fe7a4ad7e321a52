-- Up Migration
-- A member who deleted their own account keeps it, deactivated, until deletion_scheduled_at (the
-- grace period): a sign-in before then restores it; at that time the erasure job deletes it.
ALTER TABLE users ADD COLUMN deletion_scheduled_at TIMESTAMPTZ(3);
CREATE INDEX users_deletion_scheduled_at_idx ON users (deletion_scheduled_at);

-- Down Migration
DROP INDEX users_deletion_scheduled_at_idx;
ALTER TABLE users DROP COLUMN deletion_scheduled_at;
