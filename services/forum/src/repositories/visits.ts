import type { Sql } from './sql.ts';

export const visitRepository = {
  /** Records that the member opened the discussion now (the next visit's 'New' starts here). */
  async record(sql: Sql, userId: string, discussionId: string): Promise<void> {
    await sql(
      `INSERT INTO discussion_visits (user_id, discussion_id, last_seen_at) VALUES ($1::uuid, $2::uuid, now())
       ON CONFLICT (user_id, discussion_id) DO UPDATE SET last_seen_at = now()`,
      [userId, discussionId],
    );
  },

  /**
   * For the discussions the member opened before: how many shown replies by others came after
   * their last visit. Discussions never opened are left out (nothing is 'new' in what was never read).
   */
  async newReplyCounts(sql: Sql, userId: string, discussionIds: string[]): Promise<Map<string, number>> {
    if (discussionIds.length === 0) return new Map();
    const rows = await sql<{ discussion_id: string; new_replies: number }>(
      `SELECT v.discussion_id,
         (SELECT count(*)::int FROM replies r
          WHERE r.discussion_id = v.discussion_id AND r.created_at > v.last_seen_at AND r.is_approved
            AND r.deleted_at IS NULL AND r.author_id <> v.user_id) AS new_replies
       FROM discussion_visits v WHERE v.user_id = $1::uuid AND v.discussion_id = ANY($2::uuid[])`,
      [userId, discussionIds],
    );
    return new Map(rows.map((row) => [row.discussion_id, row.new_replies]));
  },
};
