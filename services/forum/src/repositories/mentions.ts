import type { Prisma } from '../generated/prisma/client.ts';
import type { Db } from './db.ts';

export const mentionRepository = {
  /** Members a discussion (replyId null) or a reply already mentions. */
  async mentionedUserIds(db: Db, discussionId: string, replyId: string | null): Promise<string[]> {
    return (await db.mention.findMany({ where: { discussionId, replyId }, select: { mentionedUserId: true } })).map(
      (row) => row.mentionedUserId,
    );
  },
  createMany: (db: Db, rows: Prisma.MentionCreateManyInput[]) => db.mention.createMany({ data: rows }),
};
