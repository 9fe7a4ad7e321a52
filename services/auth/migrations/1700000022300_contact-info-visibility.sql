-- Up Migration
-- Each member's contact-information tier as profile announces it (profile.settings.updated): the
-- directory shows their e-mail, and matches on it, only for viewers at or above it. NULL: the
-- default tier. changed_at is the event's time, so an older event never overwrites a newer one.
ALTER TABLE users ADD COLUMN contact_info_visible access_level;
ALTER TABLE users ADD COLUMN contact_info_changed_at TIMESTAMPTZ(3);

-- Down Migration
ALTER TABLE users DROP COLUMN contact_info_changed_at;
ALTER TABLE users DROP COLUMN contact_info_visible;
