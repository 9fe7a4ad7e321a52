-- Up Migration
-- Each member's contact-information tier from profile.settings.updated: the online list, its frames
-- and the chat history show a member's e-mail only to viewers at or above it. NULL: the default tier.
ALTER TABLE member_settings ADD COLUMN contact_info_visible TEXT;

-- Down Migration
ALTER TABLE member_settings DROP COLUMN contact_info_visible;
