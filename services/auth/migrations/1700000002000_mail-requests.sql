-- Up Migration
-- Mails a request asked for, sent in the background by auth's mail sender, so a password-reset
-- request does the same work whether or not the address belongs to a member. A row names the
-- address and the purpose, never a token: the sender issues the token as it writes the mail.
CREATE TABLE mail_requests (
  id              UUID PRIMARY KEY,
  purpose         email_token_purpose NOT NULL,
  email           TEXT NOT NULL,
  attempts        INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  created_at      TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX mail_requests_next_attempt_at ON mail_requests (next_attempt_at);

-- Down Migration
DROP TABLE mail_requests;
