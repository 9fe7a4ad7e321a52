-- Up Migration
-- What realtime knows of auth's users (chat names, the online list), kept from auth's events and
-- filled on demand over rpc.auth.user.
CREATE TABLE users (
  id                 UUID PRIMARY KEY,
  email              TEXT NOT NULL,
  first_name         TEXT,
  last_name          TEXT,
  profile_image_url  TEXT,
  access_level       TEXT NOT NULL DEFAULT 'Public',
  -- The profile's showOnlineStatus once the profile service publishes it; shown until then.
  show_online_status BOOLEAN NOT NULL DEFAULT true,
  updated_at         TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);

CREATE TABLE chat_messages (
  id         UUID PRIMARY KEY,
  content    TEXT NOT NULL,
  sender_id  UUID NOT NULL,
  created_at TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX chat_messages_recent ON chat_messages (created_at DESC, id DESC);

CREATE TABLE notifications (
  id            UUID PRIMARY KEY,
  user_id       UUID NOT NULL,
  type          TEXT NOT NULL CHECK (type IN ('reply', 'mention', 'subscription', 'project_update', 'direct_message', 'system')),
  title         VARCHAR(255) NOT NULL,
  message       TEXT NOT NULL,
  is_read       BOOLEAN NOT NULL DEFAULT false,
  discussion_id UUID,
  reply_id      UUID,
  project_id    TEXT,
  from_user_id  UUID,
  metadata      JSONB NOT NULL DEFAULT '{}',
  -- The event it came from: one notification per member per event, however often it is delivered.
  source_event_id UUID NOT NULL,
  read_at       TIMESTAMPTZ(3),
  created_at    TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  UNIQUE (source_event_id, user_id)
);
CREATE INDEX notifications_member ON notifications (user_id, created_at DESC, id DESC);
CREATE INDEX notifications_unread ON notifications (user_id) WHERE NOT is_read;

-- Down Migration
DROP TABLE notifications;
DROP TABLE chat_messages;
DROP TABLE users;
