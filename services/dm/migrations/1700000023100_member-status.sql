-- Up Migration
-- Whether a member may receive messages, from auth's user events: deactivated by an admin, or
-- suspended until a time (the suspension lapses by itself).
ALTER TABLE users ADD COLUMN is_active BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE users ADD COLUMN suspended_until TIMESTAMPTZ(3);

-- Down Migration
ALTER TABLE users DROP COLUMN suspended_until;
ALTER TABLE users DROP COLUMN is_active;
