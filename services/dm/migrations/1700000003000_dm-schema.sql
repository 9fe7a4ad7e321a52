-- Up Migration
CREATE TYPE access_level AS ENUM ('Public', 'Apprentice', 'Journeyman', 'Master', 'Core', 'Admin');

-- What dm knows of auth's users (names and levels for conversation summaries), kept from auth's events.
CREATE TABLE users (
  id                UUID PRIMARY KEY,
  email             TEXT NOT NULL,
  first_name        TEXT,
  last_name         TEXT,
  preferred_name    TEXT,
  profile_image_url TEXT,
  access_level      access_level NOT NULL DEFAULT 'Public',
  is_admin          BOOLEAN NOT NULL DEFAULT false,
  is_moderator      BOOLEAN NOT NULL DEFAULT false,
  updated_at        TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);

CREATE TABLE direct_messages (
  id                      UUID PRIMARY KEY,
  content                 TEXT NOT NULL,
  sender_id               UUID NOT NULL,
  recipient_id            UUID NOT NULL CHECK (recipient_id <> sender_id),
  -- The conversation as an unordered pair, so both members' reads use one index.
  pair_low                UUID NOT NULL GENERATED ALWAYS AS (LEAST(sender_id, recipient_id)) STORED,
  pair_high               UUID NOT NULL GENERATED ALWAYS AS (GREATEST(sender_id, recipient_id)) STORED,
  is_read                 BOOLEAN NOT NULL DEFAULT false,
  read_at                 TIMESTAMPTZ(3),
  is_deleted_by_sender    BOOLEAN NOT NULL DEFAULT false,
  is_deleted_by_recipient BOOLEAN NOT NULL DEFAULT false,
  is_deleted_by_admin     BOOLEAN NOT NULL DEFAULT false,
  deleted_by_admin_id     UUID,
  deletion_reason         TEXT,
  message_size_bytes      INTEGER NOT NULL CHECK (message_size_bytes > 0),
  created_at              TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
-- Message pages and the last message of a conversation, newest first. Not partial: the admin view
-- pages deleted messages too, and a pair's deleted ones are few.
CREATE INDEX direct_messages_pair ON direct_messages (pair_low, pair_high, created_at DESC, id DESC);
-- Read-all: the unread live messages one member sent another.
CREATE INDEX direct_messages_unread ON direct_messages (recipient_id, sender_id)
  WHERE NOT is_read AND NOT is_deleted_by_sender AND NOT is_deleted_by_recipient AND NOT is_deleted_by_admin;
CREATE INDEX direct_messages_sender ON direct_messages (sender_id);

-- One row per member: the bytes of their live sent messages, changed only in the transaction that
-- sends or deletes one, by a conditional UPDATE that cannot take it past max_bytes.
CREATE TABLE message_quotas (
  user_id           UUID PRIMARY KEY,
  used_bytes        BIGINT NOT NULL DEFAULT 0 CHECK (used_bytes >= 0),
  max_bytes         BIGINT NOT NULL DEFAULT 1048576 CHECK (max_bytes > 0),
  quota_reset_date  TIMESTAMPTZ(3),
  warning_threshold BIGINT NOT NULL DEFAULT 838860,
  last_calculated   TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);

-- One row per member and conversation (two per pair): the member's side of it. used_bytes counts
-- what user_id sent; message_count and last_message_at the whole conversation; unread_count what
-- other_user_id sent that user_id has not read; last_message_* the newest live message (a preview),
-- so the conversation list is one index range, not a probe of the messages per conversation.
CREATE TABLE conversation_quotas (
  user_id                 UUID NOT NULL,
  other_user_id           UUID NOT NULL,
  used_bytes              BIGINT NOT NULL DEFAULT 0 CHECK (used_bytes >= 0),
  message_count           INTEGER NOT NULL DEFAULT 0 CHECK (message_count >= 0),
  unread_count            INTEGER NOT NULL DEFAULT 0 CHECK (unread_count >= 0),
  last_message_at         TIMESTAMPTZ(3),
  last_message_id         UUID,
  last_message_preview    TEXT,
  last_message_created_at TIMESTAMPTZ(3),
  PRIMARY KEY (user_id, other_user_id)
);
CREATE INDEX conversation_quotas_recent ON conversation_quotas (user_id, last_message_at DESC) WHERE message_count > 0;

-- Blocks (beyond the spec): blocker_id does not want to hear from blocked_id, nor write to them.
CREATE TABLE blocks (
  blocker_id UUID NOT NULL,
  blocked_id UUID NOT NULL CHECK (blocked_id <> blocker_id),
  created_at TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (blocker_id, blocked_id)
);

-- Down Migration
DROP TABLE blocks;
DROP TABLE conversation_quotas;
DROP TABLE message_quotas;
DROP TABLE direct_messages;
DROP TABLE users;
DROP TYPE access_level;
