-- Up Migration
-- What a WebAuthn challenge was issued for, so an answer to one ceremony cannot serve another: a
-- challenge issued to confirm a member's account deletion does not sign anyone in, nor the reverse.
ALTER TABLE webauthn_challenges ADD COLUMN purpose TEXT;
UPDATE webauthn_challenges SET purpose = CASE WHEN user_id IS NULL THEN 'sign_in' ELSE 'registration' END;
ALTER TABLE webauthn_challenges ALTER COLUMN purpose SET NOT NULL;
ALTER TABLE webauthn_challenges
  ADD CONSTRAINT webauthn_challenges_purpose CHECK (purpose IN ('registration', 'sign_in', 'account_deletion'));

-- Down Migration
ALTER TABLE webauthn_challenges DROP COLUMN purpose;
