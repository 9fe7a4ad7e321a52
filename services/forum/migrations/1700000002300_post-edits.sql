-- Up Migration
-- Edits keep the previous version of a post (moderators in its scope and admins read them), and a
-- post shows when it was last edited. A deleted reply stays as a placeholder without its text, so
-- the thread keeps its shape and replies quoting it still point somewhere.
ALTER TABLE discussions ADD COLUMN IF NOT EXISTS edited_at TIMESTAMPTZ(3);
ALTER TABLE replies ADD COLUMN IF NOT EXISTS edited_at TIMESTAMPTZ(3);
ALTER TABLE replies ADD COLUMN IF NOT EXISTS deleted_at TIMESTAMPTZ(3);

CREATE TABLE IF NOT EXISTS post_revisions (
  id             UUID PRIMARY KEY,
  discussion_id  UUID NOT NULL REFERENCES discussions (id) ON DELETE CASCADE,
  -- null: a revision of the discussion itself
  reply_id       UUID REFERENCES replies (id) ON DELETE CASCADE,
  -- the discussion's title before the edit (null for replies)
  title          TEXT,
  content        TEXT NOT NULL,
  content_format content_format NOT NULL,
  -- who made the edit that replaced this version
  edited_by      UUID NOT NULL,
  created_at     TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS post_revisions_discussion ON post_revisions (discussion_id, created_at) WHERE reply_id IS NULL;
CREATE INDEX IF NOT EXISTS post_revisions_reply ON post_revisions (reply_id, created_at) WHERE reply_id IS NOT NULL;

-- When a member last opened a discussion: what the page marks as new since then.
CREATE TABLE IF NOT EXISTS discussion_visits (
  user_id       UUID NOT NULL,
  discussion_id UUID NOT NULL REFERENCES discussions (id) ON DELETE CASCADE,
  last_seen_at  TIMESTAMPTZ(3) NOT NULL,
  PRIMARY KEY (user_id, discussion_id)
);
CREATE INDEX IF NOT EXISTS discussion_visits_discussion ON discussion_visits (discussion_id);
