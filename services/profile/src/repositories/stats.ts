import { Prisma } from '../generated/prisma/client.ts';
import type { Db } from './db.ts';

export interface StatsRow {
  discussionsCreated: number;
  repliesPosted: number;
  upvotesReceived: number;
  lastActivity: Date | null;
}
export type StatsCounter = 'discussions_created' | 'replies_posted' | 'upvotes_received';

/** The counter columns as SQL identifiers (a fixed list, never text from a request). */
const COUNTER_COLUMN: Record<StatsCounter, Prisma.Sql> = {
  discussions_created: Prisma.raw('discussions_created'),
  replies_posted: Prisma.raw('replies_posted'),
  upvotes_received: Prisma.raw('upvotes_received'),
};

export const stats = {
  find: (db: Db, userId: string): Promise<StatsRow | null> =>
    db.userStats.findUnique({
      where: { userId },
      select: { discussionsCreated: true, repliesPosted: true, upvotesReceived: true, lastActivity: true },
    }),
  /**
   * Adds the difference a vote made to the author's counts (never below 0); a vote is not activity
   * of the author's, so last_activity stays.
   */
  adjustVotes: (db: Db, userId: string, upvotes: number, downvotes: number) =>
    // SQL: an upsert's increment cannot be floored at 0 through the model API.
    db.$executeRaw`
      INSERT INTO user_stats (user_id, upvotes_received, downvotes_received)
      VALUES (${userId}::uuid, GREATEST(${upvotes}::int, 0), GREATEST(${downvotes}::int, 0))
      ON CONFLICT (user_id) DO UPDATE SET upvotes_received = GREATEST(user_stats.upvotes_received + ${upvotes}::int, 0),
        downvotes_received = GREATEST(user_stats.downvotes_received + ${downvotes}::int, 0)`,
  increment: (db: Db, userId: string, counter: StatsCounter, at: Date) =>
    // SQL: the model API cannot keep the later of the stored and the new last_activity in one upsert.
    db.$executeRaw`
      INSERT INTO user_stats (user_id, ${COUNTER_COLUMN[counter]}, last_activity) VALUES (${userId}::uuid, 1, ${at})
      ON CONFLICT (user_id) DO UPDATE SET ${COUNTER_COLUMN[counter]} = user_stats.${COUNTER_COLUMN[counter]} + 1,
        last_activity = GREATEST(user_stats.last_activity, EXCLUDED.last_activity)`,
};
