-- The Activity Feed visibility the privacy panel chooses (spec 3 section 2): stats are answered to
-- viewers at or above this tier. The client's default is Apprentice.
ALTER TABLE profile_privacy ADD COLUMN activity_feed_visible access_level NOT NULL DEFAULT 'Apprentice';
