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
