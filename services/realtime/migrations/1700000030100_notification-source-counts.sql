-- Up Migration
-- The count each event brought its grouped entry to: a redelivered event pushes the entry again under
-- the key of that count, so a push lost while the broker was away is made up, not dropped as a repeat
-- of a later count. Rows from before have none; their redelivery uses the entry's count.
ALTER TABLE notification_sources ADD COLUMN item_count INT;

-- Down Migration
ALTER TABLE notification_sources DROP COLUMN item_count;
