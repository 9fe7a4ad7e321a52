-- Up Migration
-- A member's passkeys (WebAuthn credentials): discoverable, so signing in needs no e-mail first.
CREATE TABLE passkeys (
  id            UUID PRIMARY KEY,
  user_id       UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The authenticator's credential id (base64url), what a sign-in names.
  credential_id TEXT NOT NULL UNIQUE,
  public_key    BYTEA NOT NULL,
  -- The signature counter the authenticator last reported (0 for those that keep none).
  counter       BIGINT NOT NULL DEFAULT 0,
  transports    TEXT[] NOT NULL,
  name          TEXT NOT NULL,
  created_at    TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  last_used_at  TIMESTAMPTZ(3)
);
CREATE INDEX passkeys_user_id ON passkeys (user_id);

-- The random challenge of one registration or sign-in ceremony: single use, minutes long.
CREATE TABLE webauthn_challenges (
  id         UUID PRIMARY KEY,
  challenge  TEXT NOT NULL,
  -- The member registering; null for a sign-in (the passkey names the member).
  user_id    UUID REFERENCES users (id) ON DELETE CASCADE,
  expires_at TIMESTAMPTZ(3) NOT NULL,
  used_at    TIMESTAMPTZ(3),
  created_at TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE webauthn_challenges;
DROP TABLE passkeys;
