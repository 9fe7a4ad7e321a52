-- Up Migration
-- The relay claims a batch for a short lease in one statement and publishes with no transaction
-- open, so a broker that is slow to answer never holds a database connection or locks; a claim
-- whose relay died lapses and another relay takes the rows.
ALTER TABLE outbox ADD COLUMN claimed_by UUID, ADD COLUMN claimed_until TIMESTAMPTZ;

-- Down Migration
ALTER TABLE outbox DROP COLUMN claimed_by, DROP COLUMN claimed_until;
