-- Up Migration
-- A suspended member cannot sign in until suspended_until and their sessions end when suspended;
-- the suspension ends by itself at that time (sign-in and session checks compare it with now).
ALTER TABLE users ADD COLUMN suspended_until TIMESTAMPTZ(3);
ALTER TABLE users ADD COLUMN suspension_reason TEXT;

-- Down Migration
ALTER TABLE users DROP COLUMN suspension_reason;
ALTER TABLE users DROP COLUMN suspended_until;
