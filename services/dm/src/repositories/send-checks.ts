import type { Sql } from './sql.ts';

/** What a send needs to know of its recipient, from the sender's side. */
export interface RecipientStanding {
  /** In the users replica (a member who signed up a moment ago may not be yet). */
  known: boolean;
  /** A block between the two, either way. */
  blocked: boolean;
  /** The recipient turned Direct Messages off. */
  refusesDirectMessages: boolean;
  /** Active and not suspended now. */
  reachable: boolean;
}

export const sendCheckRepository = {
  /**
   * Every check a send makes of its recipient in one statement (one round trip instead of four):
   * the same conditions as userReplica.exists and .reachable, blockRepository.existsBetween and
   * memberSettingsRepository.refusesDirectMessages.
   */
  standing: async (sql: Sql, senderId: string, recipientId: string): Promise<RecipientStanding> => {
    const [row] = await sql<{ known: boolean; blocked: boolean; refuses: boolean; reachable: boolean }>(
      `SELECT
         EXISTS (SELECT 1 FROM users WHERE id = $2::uuid) AS known,
         EXISTS (SELECT 1 FROM blocks WHERE (blocker_id = $1::uuid AND blocked_id = $2::uuid)
                                         OR (blocker_id = $2::uuid AND blocked_id = $1::uuid)) AS blocked,
         EXISTS (SELECT 1 FROM member_settings WHERE user_id = $2::uuid AND NOT allow_direct_messages) AS refuses,
         EXISTS (SELECT 1 FROM users WHERE id = $2::uuid AND is_active
                   AND (suspended_until IS NULL OR suspended_until <= now())) AS reachable`,
      [senderId, recipientId],
    );
    return {
      known: row!.known,
      blocked: row!.blocked,
      refusesDirectMessages: row!.refuses,
      reachable: row!.reachable,
    };
  },
};
