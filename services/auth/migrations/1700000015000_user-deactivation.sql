-- Up Migration
-- A deactivated member cannot sign in and their sessions are revoked; reactivating undoes it
-- (the reversible alternative to deleting an account).
ALTER TABLE users ADD COLUMN deactivated_at TIMESTAMPTZ(3);

-- Down Migration
ALTER TABLE users DROP COLUMN deactivated_at;
