-- Up Migration
-- Members' Online Status switch (spec 3 privacy), kept from profile's profile.settings.updated
-- events, apart from the users replica so a setting that arrives before the member's row is kept.
-- No row means the default: shown.
CREATE TABLE member_settings (
  user_id            UUID PRIMARY KEY,
  show_online_status BOOLEAN NOT NULL DEFAULT true,
  -- when profile made the change (the event's occurredAt): an older event never overwrites a newer one
  changed_at         TIMESTAMPTZ(3) NOT NULL
);
ALTER TABLE users DROP COLUMN show_online_status;
