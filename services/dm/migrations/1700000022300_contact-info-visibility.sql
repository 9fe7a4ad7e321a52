-- Up Migration
-- Each member's contact-information tier from profile.settings.updated: conversation partners and
-- blocked members show their e-mail only to viewers at or above it. NULL: the default tier.
ALTER TABLE member_settings ADD COLUMN contact_info_visible access_level;

-- Down Migration
ALTER TABLE member_settings DROP COLUMN contact_info_visible;
