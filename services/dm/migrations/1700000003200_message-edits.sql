-- Up Migration
-- When the sender last edited a message (null: never edited). The window is the use case's rule.
ALTER TABLE direct_messages ADD COLUMN edited_at TIMESTAMPTZ(3);
