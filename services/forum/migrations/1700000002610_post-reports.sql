-- Up Migration
-- Members' reports of discussions and replies; the admin service keeps its own copy (from
-- forum.post.reported) for its review queue. One report per member per post: the post is the reply
-- when there is one, else the discussion (their ids never collide).
CREATE TABLE post_reports (
  id            UUID PRIMARY KEY DEFAULT gen_random_uuid(),
  reporter_id   UUID NOT NULL,
  discussion_id UUID NOT NULL REFERENCES discussions (id) ON DELETE CASCADE,
  reply_id      UUID REFERENCES replies (id) ON DELETE CASCADE,
  report_type   VARCHAR(30) NOT NULL,
  reason        TEXT,
  created_at    TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX post_reports_one_per_member ON post_reports (reporter_id, (COALESCE(reply_id, discussion_id)));

-- Down Migration
DROP TABLE post_reports;
