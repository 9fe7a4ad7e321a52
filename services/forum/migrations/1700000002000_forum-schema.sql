-- Up Migration
CREATE TYPE access_level AS ENUM ('Public', 'Apprentice', 'Journeyman', 'Master', 'Core', 'Admin');
CREATE TYPE forum_category AS ENUM ('Core', 'Apprentice', 'Journeyman', 'Master');
CREATE TYPE discussion_type AS ENUM ('discussion', 'category');
CREATE TYPE content_format AS ENUM ('plain', 'markdown', 'html');
CREATE TYPE attachment_type AS ENUM ('image', 'document', 'video', 'audio', 'other');

-- What the forum knows of auth's users (author names, levels for notifications), kept from auth's events.
CREATE TABLE users (
  id                UUID PRIMARY KEY,
  email             TEXT NOT NULL,
  first_name        TEXT,
  last_name         TEXT,
  profile_image_url TEXT,
  access_level      access_level NOT NULL DEFAULT 'Public',
  is_admin          BOOLEAN NOT NULL DEFAULT false,
  is_moderator      BOOLEAN NOT NULL DEFAULT false,
  updated_at        TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX users_email ON users (lower(email));

CREATE TABLE subcategories (
  id               UUID PRIMARY KEY,
  name             VARCHAR(255) NOT NULL,
  description      TEXT,
  category         forum_category NOT NULL,
  slug             VARCHAR(255) NOT NULL UNIQUE,
  color            VARCHAR(7) NOT NULL DEFAULT '#f59e0b',
  min_access_level access_level NOT NULL DEFAULT 'Public',
  -- The level from which members see the topic: the higher of category and min_access_level.
  access_level     access_level NOT NULL,
  discussion_count INTEGER NOT NULL DEFAULT 0 CHECK (discussion_count >= 0),
  is_active        BOOLEAN NOT NULL DEFAULT true,
  created_by       UUID,
  created_at       TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  updated_at       TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX subcategories_category ON subcategories (category, name);

CREATE TABLE discussions (
  id                   UUID PRIMARY KEY,
  title                TEXT NOT NULL,
  content              TEXT NOT NULL,
  content_format       content_format NOT NULL DEFAULT 'markdown',
  -- content rendered and sanitised once, at write time
  content_html         TEXT NOT NULL,
  category             access_level NOT NULL,
  subcategory_id       UUID REFERENCES subcategories (id) ON DELETE SET NULL,
  discussion_type      discussion_type NOT NULL DEFAULT 'discussion',
  parent_category_id   UUID REFERENCES discussions (id) ON DELETE SET NULL,
  author_id            UUID NOT NULL,
  min_access_level     access_level NOT NULL DEFAULT 'Public',
  -- The level from which members see it: the highest of category, min_access_level and its topic's level.
  access_level         access_level NOT NULL,
  is_pinned            BOOLEAN NOT NULL DEFAULT false,
  is_locked            BOOLEAN NOT NULL DEFAULT false,
  is_approved          BOOLEAN NOT NULL DEFAULT true,
  moderated_by         UUID,
  moderation_reason    TEXT,
  view_count           INTEGER NOT NULL DEFAULT 0,
  upvotes              INTEGER NOT NULL DEFAULT 0,
  downvotes            INTEGER NOT NULL DEFAULT 0,
  reply_count          INTEGER NOT NULL DEFAULT 0 CHECK (reply_count >= 0),
  last_reply_at        TIMESTAMPTZ(3),
  last_reply_author_id UUID,
  created_at           TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  updated_at           TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  search               TSVECTOR GENERATED ALWAYS AS (
                         setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', content), 'B')
                       ) STORED
);
-- Pages are keyset scans, newest first: a topic (pinned first), a level, an author, everything.
CREATE INDEX discussions_topic_page ON discussions (subcategory_id, is_pinned DESC, created_at DESC, id DESC) WHERE is_approved;
CREATE INDEX discussions_category_page ON discussions (category, created_at DESC, id DESC) WHERE is_approved;
CREATE INDEX discussions_author_page ON discussions (author_id, created_at DESC, id DESC);
CREATE INDEX discussions_page ON discussions (created_at DESC, id DESC) WHERE is_approved;
CREATE INDEX discussions_parent ON discussions (parent_category_id) WHERE parent_category_id IS NOT NULL;
CREATE INDEX discussions_search ON discussions USING gin (search);

CREATE TABLE replies (
  id                UUID PRIMARY KEY,
  discussion_id     UUID NOT NULL REFERENCES discussions (id) ON DELETE CASCADE,
  author_id         UUID NOT NULL,
  content           TEXT NOT NULL,
  content_format    content_format NOT NULL DEFAULT 'markdown',
  content_html      TEXT NOT NULL,
  parent_reply_id   UUID REFERENCES replies (id) ON DELETE SET NULL,
  quoted_reply_id   UUID REFERENCES replies (id) ON DELETE SET NULL,
  -- Copies of the discussion's, so search filters the reply matches without visiting each discussion:
  -- its category and level never change; discussion_approved follows the discussion being hidden.
  category          access_level NOT NULL,
  access_level      access_level NOT NULL,
  discussion_approved BOOLEAN NOT NULL DEFAULT true,
  is_approved       BOOLEAN NOT NULL DEFAULT true,
  moderated_by      UUID,
  moderation_reason TEXT,
  upvotes           INTEGER NOT NULL DEFAULT 0,
  downvotes         INTEGER NOT NULL DEFAULT 0,
  created_at        TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  updated_at        TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  search            TSVECTOR GENERATED ALWAYS AS (to_tsvector('english', content)) STORED
);
CREATE INDEX replies_discussion_page ON replies (discussion_id, created_at, id);
CREATE INDEX replies_author ON replies (author_id, created_at DESC);
CREATE INDEX replies_search ON replies USING gin (search);

CREATE TABLE votes (
  id            UUID PRIMARY KEY,
  user_id       UUID NOT NULL,
  discussion_id UUID REFERENCES discussions (id) ON DELETE CASCADE,
  reply_id      UUID REFERENCES replies (id) ON DELETE CASCADE,
  vote_type     VARCHAR(10) NOT NULL,
  created_at    TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  CHECK (num_nonnulls(discussion_id, reply_id) = 1),
  UNIQUE (user_id, discussion_id),
  UNIQUE (user_id, reply_id)
);

CREATE TABLE polls (
  id              UUID PRIMARY KEY,
  discussion_id   UUID NOT NULL UNIQUE REFERENCES discussions (id) ON DELETE CASCADE,
  question        TEXT NOT NULL,
  allow_multiple  BOOLEAN NOT NULL DEFAULT false,
  allow_anonymous BOOLEAN NOT NULL DEFAULT false,
  expires_at      TIMESTAMPTZ(3),
  created_at      TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  updated_at      TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);

CREATE TABLE poll_options (
  id         UUID PRIMARY KEY,
  poll_id    UUID NOT NULL REFERENCES polls (id) ON DELETE CASCADE,
  text       TEXT NOT NULL,
  position   INTEGER NOT NULL,
  vote_count INTEGER NOT NULL DEFAULT 0 CHECK (vote_count >= 0),
  created_at TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  UNIQUE (poll_id, position)
);

CREATE TABLE poll_votes (
  id         UUID PRIMARY KEY,
  poll_id    UUID NOT NULL REFERENCES polls (id) ON DELETE CASCADE,
  option_id  UUID NOT NULL REFERENCES poll_options (id) ON DELETE CASCADE,
  user_id    UUID NOT NULL,
  ip_address TEXT,
  created_at TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  -- one vote per member; voting again moves it
  UNIQUE (poll_id, user_id)
);
CREATE INDEX poll_votes_option ON poll_votes (option_id);

CREATE TABLE forum_moderators (
  id             UUID PRIMARY KEY,
  user_id        UUID NOT NULL,
  -- both null: all forums; a category: that forum; a subcategory: that topic
  category       forum_category,
  subcategory_id UUID REFERENCES subcategories (id) ON DELETE CASCADE,
  granted_by     UUID,
  granted_at     TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  is_active      BOOLEAN NOT NULL DEFAULT true,
  CHECK (category IS NULL OR subcategory_id IS NULL)
);
-- one grant per member and scope
CREATE UNIQUE INDEX forum_moderators_everywhere ON forum_moderators (user_id) WHERE category IS NULL AND subcategory_id IS NULL;
CREATE UNIQUE INDEX forum_moderators_category ON forum_moderators (user_id, category) WHERE category IS NOT NULL;
CREATE UNIQUE INDEX forum_moderators_subcategory ON forum_moderators (user_id, subcategory_id) WHERE subcategory_id IS NOT NULL;

CREATE TABLE tags (
  id          UUID PRIMARY KEY,
  name        VARCHAR(50) NOT NULL UNIQUE,
  color       VARCHAR(7) NOT NULL DEFAULT '#FFD700',
  description TEXT,
  created_at  TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);

CREATE TABLE discussion_tags (
  discussion_id UUID NOT NULL REFERENCES discussions (id) ON DELETE CASCADE,
  tag_id        UUID NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
  PRIMARY KEY (discussion_id, tag_id)
);
CREATE INDEX discussion_tags_tag ON discussion_tags (tag_id);

CREATE TABLE mentions (
  id                UUID PRIMARY KEY,
  mentioned_user_id UUID NOT NULL,
  mentioned_by      UUID NOT NULL,
  discussion_id     UUID NOT NULL REFERENCES discussions (id) ON DELETE CASCADE,
  reply_id          UUID REFERENCES replies (id) ON DELETE CASCADE,
  context           TEXT NOT NULL,
  created_at        TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX mentions_user ON mentions (mentioned_user_id, created_at DESC);
CREATE INDEX mentions_discussion ON mentions (discussion_id);

CREATE TABLE attachments (
  id            UUID PRIMARY KEY,
  file_name     TEXT NOT NULL,
  original_name TEXT NOT NULL,
  file_size     INTEGER NOT NULL CHECK (file_size >= 0),
  mime_type     TEXT NOT NULL,
  type          attachment_type NOT NULL,
  -- the blob store key, chosen by the server
  file_path     TEXT NOT NULL UNIQUE,
  public_url    TEXT NOT NULL,
  discussion_id UUID REFERENCES discussions (id) ON DELETE CASCADE,
  reply_id      UUID REFERENCES replies (id) ON DELETE CASCADE,
  uploaded_by   UUID NOT NULL,
  created_at    TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  -- on a discussion or on a reply (or on neither until it is linked), never on both
  CHECK (discussion_id IS NULL OR reply_id IS NULL)
);
CREATE INDEX attachments_discussion ON attachments (discussion_id) WHERE discussion_id IS NOT NULL;
CREATE INDEX attachments_reply ON attachments (reply_id) WHERE reply_id IS NOT NULL;
CREATE INDEX attachments_unlinked ON attachments (uploaded_by, created_at) WHERE discussion_id IS NULL AND reply_id IS NULL;

CREATE TABLE user_watched_discussions (
  id            UUID PRIMARY KEY,
  user_id       UUID NOT NULL,
  discussion_id UUID NOT NULL REFERENCES discussions (id) ON DELETE CASCADE,
  watched_at    TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  UNIQUE (user_id, discussion_id)
);
CREATE INDEX user_watched_discussions_page ON user_watched_discussions (user_id, watched_at DESC, id DESC);
CREATE INDEX user_watched_discussions_discussion ON user_watched_discussions (discussion_id);

-- Down Migration
DROP TABLE user_watched_discussions;
DROP TABLE attachments;
DROP TABLE mentions;
DROP TABLE discussion_tags;
DROP TABLE tags;
DROP TABLE forum_moderators;
DROP TABLE poll_votes;
DROP TABLE poll_options;
DROP TABLE polls;
DROP TABLE votes;
DROP TABLE replies;
DROP TABLE discussions;
DROP TABLE subcategories;
DROP TABLE users;
DROP TYPE attachment_type;
DROP TYPE content_format;
DROP TYPE discussion_type;
DROP TYPE forum_category;
DROP TYPE access_level;
