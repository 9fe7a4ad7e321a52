-- Up Migration
-- What dm knows of a member's privacy switches (spec 3: Direct Messages), kept from profile's
-- profile.settings.updated events. No row means the default: direct messages allowed.
CREATE TABLE member_settings (
  user_id               UUID PRIMARY KEY,
  allow_direct_messages BOOLEAN NOT NULL DEFAULT true,
  -- when profile made the change (the event's occurredAt): an older event never overwrites a newer one
  changed_at            TIMESTAMPTZ(3) NOT NULL
);
