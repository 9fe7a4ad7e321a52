import { randomUUID } from 'node:crypto';
import type { Db } from './db.ts';

export const watchRepository = {
  /** Watches the discussion (again, harmlessly) and answers since when. */
  async watch(db: Db, userId: string, discussionId: string): Promise<Date> {
    const [row] = await db.$queryRaw<{ watched_at: Date }[]>`
      INSERT INTO user_watched_discussions (id, user_id, discussion_id) VALUES (${randomUUID()}::uuid, ${userId}::uuid, ${discussionId}::uuid)
      ON CONFLICT (user_id, discussion_id) DO UPDATE SET watched_at = user_watched_discussions.watched_at
      RETURNING watched_at`;
    return row!.watched_at;
  },
  async unwatch(db: Db, userId: string, discussionId: string): Promise<void> {
    await db.watchedDiscussion.deleteMany({ where: { userId, discussionId } });
  },
  async watcherIds(db: Db, discussionId: string): Promise<string[]> {
    return (await db.watchedDiscussion.findMany({ where: { discussionId }, select: { userId: true } })).map(
      (row) => row.userId,
    );
  },
};
