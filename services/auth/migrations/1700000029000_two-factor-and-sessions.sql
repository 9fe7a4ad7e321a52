-- Up Migration
-- When a session was last used, for the member's list of active sessions.
ALTER TABLE sessions ADD COLUMN last_seen_at TIMESTAMPTZ(3);

-- A member's authenticator (TOTP). Enabled once a first code confirmed it; until then the secret is
-- only offered. `last_used_step` is the 30-second step of the last accepted code, so a code is never
-- accepted twice.
CREATE TABLE two_factor_secrets (
  user_id        UUID PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  secret         TEXT NOT NULL,
  enabled_at     TIMESTAMPTZ(3),
  last_used_step BIGINT,
  created_at     TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);

-- Single-use recovery codes; only their SHA-256 is stored.
CREATE TABLE recovery_codes (
  id         UUID PRIMARY KEY,
  user_id    UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash  TEXT NOT NULL UNIQUE,
  used_at    TIMESTAMPTZ(3),
  created_at TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX recovery_codes_user_id ON recovery_codes (user_id);

-- The step between a correct password and the code: a short-lived, single-use challenge whose
-- token only the browser holds (hashed here), with its failed attempts counted.
CREATE TABLE two_factor_challenges (
  id              UUID PRIMARY KEY,
  user_id         UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash      TEXT NOT NULL UNIQUE,
  expires_at      TIMESTAMPTZ(3) NOT NULL,
  used_at         TIMESTAMPTZ(3),
  failed_attempts INTEGER NOT NULL DEFAULT 0,
  ip_address      TEXT,
  user_agent      TEXT,
  created_at      TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX two_factor_challenges_user_id ON two_factor_challenges (user_id);

-- The community's sign-in policy, one row: whether Admin and Core members must use two-factor.
CREATE TABLE security_policy (
  id                          INTEGER PRIMARY KEY CHECK (id = 1),
  require_two_factor_for_staff BOOLEAN NOT NULL DEFAULT false,
  updated_at                  TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  updated_by                  UUID
);

-- Down Migration
DROP TABLE security_policy;
DROP TABLE two_factor_challenges;
DROP TABLE recovery_codes;
DROP TABLE two_factor_secrets;
ALTER TABLE sessions DROP COLUMN last_seen_at;
