-- Up Migration
-- The admin console: access levels, flags, the audit log, the moderation log and the
-- names of members (a replica of auth's users, kept from its events).

CREATE TYPE access_level AS ENUM ('Public', 'Apprentice', 'Journeyman', 'Master', 'Core', 'Admin');
CREATE TYPE message_flag_status AS ENUM ('pending', 'under_review', 'resolved', 'dismissed', 'escalated');
-- The schema's thirteen (spec 3 section 3), then the actions the log records beyond them.
CREATE TYPE admin_action_type AS ENUM (
  'message_delete', 'message_flag', 'message_unflag', 'bulk_delete', 'user_warn', 'user_suspend', 'user_ban',
  'user_unban', 'conversation_view', 'report_review', 'report_resolve', 'report_dismiss', 'other',
  'user_update', 'user_access_level', 'user_delete', 'user_deactivate', 'user_reactivate', 'user_password_reset',
  'flag_status_change', 'access_level_update', 'forum_moderation', 'moderator_grant', 'moderator_revoke'
);

-- How a message was deleted, for the console's recent-messages list.
ALTER TABLE message_snapshots ADD COLUMN deleted_by_admin BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE message_snapshots ADD COLUMN deletion_reason TEXT;
CREATE INDEX message_snapshots_newest ON message_snapshots (sent_at DESC, message_id DESC);

-- Names and e-mails of members, for the console's lists; a deleted member keeps their name here.
CREATE TABLE users (
  id         UUID PRIMARY KEY,
  email      TEXT NOT NULL,
  first_name TEXT,
  last_name  TEXT,
  deleted_at TIMESTAMPTZ(3),
  updated_at TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);

CREATE TABLE access_levels (
  id          UUID PRIMARY KEY DEFAULT gen_random_uuid(),
  value       access_level NOT NULL UNIQUE,
  label       TEXT NOT NULL,
  description TEXT NOT NULL,
  order_index INTEGER NOT NULL UNIQUE,
  created_at  TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  updated_at  TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
INSERT INTO access_levels (value, label, description, order_index) VALUES
  ('Public', 'Public', 'Signed-up visitors: the public areas and their own profile.', 0),
  ('Apprentice', 'Apprentice', 'New members: the Apprentice forum and direct messages.', 1),
  ('Journeyman', 'Journeyman', 'Established members: the Journeyman forum and everything below it.', 2),
  ('Master', 'Master', 'Experienced members: the Master forum and everything below it.', 3),
  ('Core', 'Core', 'The core team: the Core forum, projects and tasks, and the access-level descriptions.', 4),
  ('Admin', 'Admin', 'Administrators: the whole admin console.', 5);

CREATE TABLE message_flags (
  id           UUID PRIMARY KEY,
  message_id   UUID NOT NULL REFERENCES message_snapshots (message_id),
  flagged_by   UUID NOT NULL,
  status       message_flag_status NOT NULL DEFAULT 'pending',
  reason       TEXT NOT NULL,
  review_notes TEXT,
  reviewed_by  UUID,
  reviewed_at  TIMESTAMPTZ(3),
  priority     INTEGER NOT NULL DEFAULT 1 CHECK (priority BETWEEN 1 AND 5),
  created_at   TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  updated_at   TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX message_flags_queue ON message_flags (priority DESC, created_at DESC);
CREATE INDEX message_flags_by_status ON message_flags (status, priority DESC, created_at DESC);

-- Every admin and moderator action anywhere, from the services' action events (or written by this
-- service's own use cases). Append-only: the trigger below refuses UPDATE, DELETE and TRUNCATE.
CREATE TABLE admin_audit_logs (
  id                UUID PRIMARY KEY,
  admin_id          UUID NOT NULL,
  action_type       admin_action_type NOT NULL,
  target_user_id    UUID,
  target_message_id UUID,
  target_report_id  UUID,
  target_flag_id    UUID,
  description       TEXT NOT NULL,
  details           JSONB,
  ip_address        TEXT,
  user_agent        TEXT,
  session_id        TEXT,
  success           BOOLEAN NOT NULL DEFAULT true,
  error_message     TEXT,
  created_at        TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX admin_audit_logs_newest ON admin_audit_logs (created_at DESC, id DESC);
CREATE INDEX admin_audit_logs_by_type ON admin_audit_logs (action_type, created_at DESC);
CREATE INDEX admin_audit_logs_by_admin ON admin_audit_logs (admin_id, created_at DESC);

CREATE FUNCTION admin_audit_logs_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'admin_audit_logs is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER admin_audit_logs_no_update_or_delete
  BEFORE UPDATE OR DELETE ON admin_audit_logs
  FOR EACH ROW EXECUTE FUNCTION admin_audit_logs_append_only();
CREATE TRIGGER admin_audit_logs_no_truncate
  BEFORE TRUNCATE ON admin_audit_logs
  FOR EACH STATEMENT EXECUTE FUNCTION admin_audit_logs_append_only();

-- Forum moderation (spec 3 section 3), from forum's action events.
CREATE TABLE moderation_log (
  id             UUID PRIMARY KEY,
  moderator_id   UUID NOT NULL,
  target_user_id UUID,
  discussion_id  UUID,
  reply_id       UUID,
  action         VARCHAR(50) NOT NULL,
  reason         TEXT,
  details        JSONB,
  created_at     TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX moderation_log_newest ON moderation_log (created_at DESC);

-- Down Migration
DROP TABLE moderation_log;
DROP TRIGGER admin_audit_logs_no_truncate ON admin_audit_logs;
DROP TRIGGER admin_audit_logs_no_update_or_delete ON admin_audit_logs;
DROP TABLE admin_audit_logs;
DROP FUNCTION admin_audit_logs_append_only();
DROP TABLE message_flags;
DROP TABLE access_levels;
DROP TABLE users;
DROP TYPE admin_action_type;
DROP TYPE message_flag_status;
DROP TYPE access_level;
DROP INDEX message_snapshots_newest;
ALTER TABLE message_snapshots DROP COLUMN deletion_reason;
ALTER TABLE message_snapshots DROP COLUMN deleted_by_admin;
