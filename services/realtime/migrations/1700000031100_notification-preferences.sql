-- Up Migration
-- How each kind of notification reaches a member ('page': stored and pushed, 'socket': pushed only,
-- 'off') and the delay of the e-mail summary of what they missed. No row: the defaults (every kind in
-- the page, no e-mail).
CREATE TABLE notification_preferences (
  user_id         UUID PRIMARY KEY,
  direct_messages TEXT NOT NULL DEFAULT 'page' CHECK (direct_messages IN ('page', 'socket', 'off')),
  replies         TEXT NOT NULL DEFAULT 'page' CHECK (replies IN ('page', 'socket', 'off')),
  mentions        TEXT NOT NULL DEFAULT 'page' CHECK (mentions IN ('page', 'socket', 'off')),
  projects        TEXT NOT NULL DEFAULT 'page' CHECK (projects IN ('page', 'socket', 'off')),
  notices         TEXT NOT NULL DEFAULT 'page' CHECK (notices IN ('page', 'socket', 'off')),
  email_digest    TEXT NOT NULL DEFAULT 'off' CHECK (email_digest IN ('off', '15m', 'hourly', 'daily')),
  -- When the last summary went out: the next one covers only what arrived after it.
  digest_sent_at  TIMESTAMPTZ(3),
  updated_at      TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX notification_preferences_digest ON notification_preferences (user_id) WHERE email_digest <> 'off';

-- When each member last had a socket open (at connect and at close): the summary waits until they
-- have been away for their delay.
CREATE TABLE member_last_seen (
  user_id      UUID PRIMARY KEY,
  last_seen_at TIMESTAMPTZ(3) NOT NULL
);

-- The service's own secrets, made once on first start and shared by its replicas (the unsubscribe
-- links' signing key): no deployment setting to forget, and links outlive restarts.
CREATE TABLE service_secrets (
  name       TEXT PRIMARY KEY,
  value      TEXT NOT NULL,
  created_at TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE service_secrets;
DROP TABLE member_last_seen;
DROP TABLE notification_preferences;
