-- Up Migration
-- Members whose accounts were deleted: the messages they exchanged stay with their partners, who see
-- the sender as 'Former member' rather than as a member whose sign-up event is still on its way.
CREATE TABLE former_members (
  user_id UUID PRIMARY KEY,
  deleted_at TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE former_members;
