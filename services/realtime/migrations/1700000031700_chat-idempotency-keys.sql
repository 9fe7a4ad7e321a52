-- Up Migration
-- A chat send's client key: a resend of the same key by the same sender is the stored message, not a second one.
ALTER TABLE chat_messages ADD COLUMN idempotency_key TEXT;
CREATE UNIQUE INDEX chat_messages_idempotency ON chat_messages (sender_id, idempotency_key)
  WHERE idempotency_key IS NOT NULL;

-- Down Migration
DROP INDEX chat_messages_idempotency;
ALTER TABLE chat_messages DROP COLUMN idempotency_key;
