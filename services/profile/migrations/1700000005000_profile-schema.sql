-- Up Migration
CREATE TYPE access_level AS ENUM ('Public', 'Apprentice', 'Journeyman', 'Master', 'Core', 'Admin');

-- What profile knows of auth's users (names, picture, level), kept from auth's events.
CREATE TABLE users (
  id                UUID PRIMARY KEY,
  email             TEXT NOT NULL,
  first_name        TEXT,
  last_name         TEXT,
  profile_image_url TEXT,
  access_level      access_level NOT NULL DEFAULT 'Public',
  is_admin          BOOLEAN NOT NULL DEFAULT false,
  is_moderator      BOOLEAN NOT NULL DEFAULT false,
  joined_at         TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  updated_at        TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);

-- The profile's own fields (spec 3 users table, minus what auth owns).
CREATE TABLE profiles (
  user_id                  UUID PRIMARY KEY,
  preferred_name           TEXT,
  job_title                TEXT,
  birthday                 TEXT,
  phone_number             TEXT,
  current_location         TEXT,
  preferred_contact_method TEXT NOT NULL DEFAULT 'email',
  bio                      TEXT,
  personal_mission         TEXT,
  leadership_philosophy    TEXT,
  personal_story           TEXT,
  professional_journey     TEXT,
  leadership_experience    TEXT,
  crucible_connection      TEXT,
  leadership_journey       TEXT,
  career_goals             TEXT,
  alchemical_symbols       TEXT[] NOT NULL DEFAULT '{}',
  certification_levels     TEXT[] NOT NULL DEFAULT '{}',
  picture_key              TEXT,
  date_profile_created     TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  date_profile_updated     TIMESTAMPTZ(3)
);

CREATE TABLE user_workplaces (
  id           UUID PRIMARY KEY,
  user_id      UUID NOT NULL,
  position     INTEGER NOT NULL,
  company_name TEXT NOT NULL,
  job_title    TEXT,
  start_date   TEXT,
  end_date     TEXT,
  is_current   BOOLEAN NOT NULL DEFAULT false,
  description  TEXT,
  location     TEXT,
  created_at   TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX user_workplaces_user ON user_workplaces (user_id, position);

CREATE TABLE user_education (
  id             UUID PRIMARY KEY,
  user_id        UUID NOT NULL,
  position       INTEGER NOT NULL,
  institution    TEXT NOT NULL,
  degree         TEXT,
  field_of_study TEXT,
  start_date     TEXT,
  end_date       TEXT,
  is_ongoing     BOOLEAN NOT NULL DEFAULT false,
  description    TEXT,
  gpa            TEXT,
  location       TEXT,
  created_at     TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX user_education_user ON user_education (user_id, position);

CREATE TABLE user_skills (
  id                UUID PRIMARY KEY,
  user_id           UUID NOT NULL,
  skill_name        TEXT NOT NULL,
  proficiency_level INTEGER NOT NULL DEFAULT 1 CHECK (proficiency_level BETWEEN 1 AND 5),
  alchemical_symbol TEXT,
  category          TEXT NOT NULL,
  endorsement_count INTEGER NOT NULL DEFAULT 0 CHECK (endorsement_count >= 0),
  is_verified       BOOLEAN NOT NULL DEFAULT false,
  years_experience  INTEGER NOT NULL DEFAULT 0 CHECK (years_experience BETWEEN 0 AND 50),
  description       TEXT,
  created_at        TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
-- One skill of a name per member, whatever its case.
CREATE UNIQUE INDEX user_skills_name ON user_skills (user_id, lower(skill_name));

CREATE TABLE skill_endorsements (
  id          UUID PRIMARY KEY,
  skill_id    UUID NOT NULL REFERENCES user_skills (id) ON DELETE CASCADE,
  endorser_id UUID NOT NULL,
  endorsee_id UUID NOT NULL CHECK (endorsee_id <> endorser_id),
  comment     TEXT,
  created_at  TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  -- Once per endorser and skill, however many requests race.
  UNIQUE (skill_id, endorser_id)
);

CREATE TABLE leadership_progress (
  id                     UUID PRIMARY KEY,
  user_id                UUID NOT NULL UNIQUE,
  overall_score          INTEGER NOT NULL,
  vision_score           INTEGER NOT NULL CHECK (vision_score BETWEEN 0 AND 100),
  integrity_score        INTEGER NOT NULL CHECK (integrity_score BETWEEN 0 AND 100),
  passion_score          INTEGER NOT NULL CHECK (passion_score BETWEEN 0 AND 100),
  leadership_coefficient NUMERIC(3, 1) NOT NULL DEFAULT 1 CHECK (leadership_coefficient BETWEEN 0.1 AND 5),
  leadership_score       NUMERIC(8, 1) NOT NULL,
  last_assessment_date   TEXT,
  next_milestone         TEXT,
  current_phase          TEXT NOT NULL DEFAULT 'Foundation',
  created_at             TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  updated_at             TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);

CREATE TABLE profile_privacy (
  user_id                     UUID PRIMARY KEY,
  personal_info_visible       access_level NOT NULL DEFAULT 'Public',
  contact_info_visible        access_level NOT NULL DEFAULT 'Apprentice',
  work_experience_visible     access_level NOT NULL DEFAULT 'Public',
  education_visible           access_level NOT NULL DEFAULT 'Public',
  skills_visible              access_level NOT NULL DEFAULT 'Public',
  leadership_progress_visible access_level NOT NULL DEFAULT 'Apprentice',
  analytics_visible           access_level NOT NULL DEFAULT 'Core',
  show_online_status          BOOLEAN NOT NULL DEFAULT true,
  allow_direct_messages       BOOLEAN NOT NULL DEFAULT true,
  allow_skill_endorsements    BOOLEAN NOT NULL DEFAULT true,
  allow_mentorship_requests   BOOLEAN NOT NULL DEFAULT true,
  allow_analytics_tracking    BOOLEAN NOT NULL DEFAULT true,
  show_activity_feed          BOOLEAN NOT NULL DEFAULT true,
  updated_at                  TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);

CREATE TABLE profile_views (
  id                  UUID PRIMARY KEY,
  profile_owner_id    UUID NOT NULL,
  viewer_id           UUID NOT NULL,
  viewer_access_level access_level NOT NULL,
  ip_address          TEXT,
  user_agent          TEXT,
  referrer            TEXT,
  time_spent          INTEGER NOT NULL DEFAULT 0,
  sections_viewed     TEXT[] NOT NULL DEFAULT '{}',
  created_at          TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX profile_views_owner ON profile_views (profile_owner_id, created_at);

CREATE TABLE user_stats (
  user_id             UUID PRIMARY KEY,
  discussions_created INTEGER NOT NULL DEFAULT 0,
  replies_posted      INTEGER NOT NULL DEFAULT 0,
  upvotes_received    INTEGER NOT NULL DEFAULT 0,
  downvotes_received  INTEGER NOT NULL DEFAULT 0,
  moderation_actions  INTEGER NOT NULL DEFAULT 0,
  last_activity       TIMESTAMPTZ(3)
);

CREATE TABLE user_activity (
  id            UUID PRIMARY KEY,
  user_id       UUID NOT NULL,
  activity_type TEXT NOT NULL,
  activity_data JSONB NOT NULL DEFAULT '{}',
  visibility    access_level NOT NULL DEFAULT 'Public',
  created_at    TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX user_activity_user ON user_activity (user_id, created_at DESC);
