-- Up Migration
CREATE TYPE access_level AS ENUM ('Public', 'Apprentice', 'Journeyman', 'Master', 'Core', 'Admin');
CREATE TYPE auth_provider AS ENUM ('email', 'oidc');
CREATE TYPE email_token_purpose AS ENUM ('verify_email', 'reset_password');

CREATE TABLE users (
  id                UUID PRIMARY KEY,
  email             TEXT NOT NULL UNIQUE,
  first_name        TEXT,
  last_name         TEXT,
  profile_image_url TEXT,
  password_hash     TEXT,
  email_verified    BOOLEAN NOT NULL DEFAULT false,
  auth_provider     auth_provider NOT NULL DEFAULT 'email',
  -- The OIDC subject of an account that signs in externally (created so, or linked by verified e-mail).
  external_subject  TEXT UNIQUE,
  access_level      access_level NOT NULL DEFAULT 'Public',
  is_admin          BOOLEAN NOT NULL DEFAULT false,
  is_moderator      BOOLEAN NOT NULL DEFAULT false,
  created_at        TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  updated_at        TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
-- Member search matches names and e-mail by substring.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
CREATE INDEX users_search ON users USING gin ((coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || email) public.gin_trgm_ops);
CREATE INDEX users_access_level ON users (access_level);

CREATE TABLE sessions (
  id         UUID PRIMARY KEY,
  user_id    UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  expires_at TIMESTAMPTZ(3) NOT NULL,
  revoked_at TIMESTAMPTZ(3),
  ip_address TEXT,
  user_agent TEXT
);
CREATE INDEX sessions_user_id ON sessions (user_id);

CREATE TABLE email_tokens (
  id         UUID PRIMARY KEY,
  user_id    UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose    email_token_purpose NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  expires_at TIMESTAMPTZ(3) NOT NULL,
  used_at    TIMESTAMPTZ(3),
  created_at TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX email_tokens_user_purpose ON email_tokens (user_id, purpose);

CREATE TABLE signing_keys (
  kid         TEXT PRIMARY KEY,
  private_jwk JSONB NOT NULL,
  public_jwk  JSONB NOT NULL,
  created_at  TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE signing_keys;
DROP TABLE email_tokens;
DROP TABLE sessions;
DROP TABLE users;
DROP TYPE email_token_purpose;
DROP TYPE auth_provider;
DROP TYPE access_level;
