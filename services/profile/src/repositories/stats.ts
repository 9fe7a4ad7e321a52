import { execute, rows, type Db } from './db.ts';

export interface StatsRow {
  discussionsCreated: number;
  repliesPosted: number;
  upvotesReceived: number;
  lastActivity: Date | null;
}
export type StatsCounter = 'discussions_created' | 'replies_posted' | 'upvotes_received';

export const stats = {
  async find(db: Db, userId: string): Promise<StatsRow | null> {
    const [row] = await rows<StatsRow>(
      db,
      `SELECT discussions_created AS "discussionsCreated", replies_posted AS "repliesPosted",
         upvotes_received AS "upvotesReceived", last_activity AS "lastActivity"
       FROM user_stats WHERE user_id = $1::uuid`,
      userId,
    );
    return row ?? null;
  },
  /**
   * Adds the difference a vote made to the author's counts (never below 0); a vote is not activity
   * of the author's, so last_activity stays.
   */
  adjustVotes: (db: Db, userId: string, upvotes: number, downvotes: number) =>
    execute(
      db,
      `INSERT INTO user_stats (user_id, upvotes_received, downvotes_received) VALUES ($1::uuid, GREATEST($2::int, 0), GREATEST($3::int, 0))
       ON CONFLICT (user_id) DO UPDATE SET upvotes_received = GREATEST(user_stats.upvotes_received + $2::int, 0),
         downvotes_received = GREATEST(user_stats.downvotes_received + $3::int, 0)`,
      userId,
      upvotes,
      downvotes,
    ),
  increment: (db: Db, userId: string, counter: StatsCounter, at: Date) =>
    execute(
      db,
      `INSERT INTO user_stats (user_id, ${counter}, last_activity) VALUES ($1::uuid, 1, $2)
       ON CONFLICT (user_id) DO UPDATE SET ${counter} = user_stats.${counter} + 1,
         last_activity = GREATEST(user_stats.last_activity, EXCLUDED.last_activity)`,
      userId,
      at,
    ),
};
