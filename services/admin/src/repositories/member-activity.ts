import type { Prisma, PrismaClient } from '../generated/prisma/client.ts';

type Db = PrismaClient | Prisma.TransactionClient;

const NEWEST = [{ createdAt: 'desc' as const }, { id: 'desc' as const }];

/** What the console's user view reads of one member here: reports against them and their messages. */
export const memberActivityRepository = {
  /** Reports of the member's direct messages, newest first, with the message as kept here. */
  messageReportsAgainst: async (db: Db, userId: string, take: number) => {
    const where = { message: { senderId: userId } };
    const [rows, total] = await Promise.all([
      db.messageReport.findMany({ where, include: { message: true }, orderBy: NEWEST, take }),
      db.messageReport.count({ where }),
    ]);
    return { rows, total };
  },

  /** Reports of the member's forum posts, newest first. */
  postReportsAgainst: async (db: Db, userId: string, take: number) => {
    const where = { authorId: userId };
    const [rows, total] = await Promise.all([
      db.postReport.findMany({ where, orderBy: NEWEST, take }),
      db.postReport.count({ where }),
    ]);
    return { rows, total };
  },

  /** How many direct messages the member sent (as kept here) and when the latest was sent. */
  messagesSent: async (db: Db, userId: string) => {
    const { _count, _max } = await db.messageSnapshot.aggregate({
      where: { senderId: userId },
      _count: { _all: true },
      _max: { sentAt: true },
    });
    return { count: _count._all, latest: _max.sentAt };
  },
};
