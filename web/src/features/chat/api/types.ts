/**
 * GET /api/messages' stored shape (spec 1 section 3). The realtime service publishes its contract on
 * its own branch; once merged, import the type from @crucible/proto and delete this one.
 */
export interface StoredChatMessage {
  id: string;
  content: string;
  senderId: string;
  createdAt: string;
  sender: {
    firstName: string | null;
    lastName: string | null;
    email: string | null;
    profileImageUrl: string | null;
  } | null;
}
