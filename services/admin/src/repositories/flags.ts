import { randomUUID } from 'node:crypto';
import type { MessageFlagStatus } from '@crucible/proto';
import type { Prisma, PrismaClient } from '../generated/prisma/client.ts';

type Db = PrismaClient | Prisma.TransactionClient;

const withMessage = { message: true } as const;
export type FlagRow = Prisma.MessageFlagGetPayload<{ include: typeof withMessage }>;

export const flagRepository = {
  createMany: async (
    db: Db,
    flags: { messageId: string; flaggedBy: string; reason: string; priority: number }[],
  ): Promise<FlagRow[]> => {
    const rows = flags.map((flag) => ({ id: randomUUID(), ...flag }));
    await db.messageFlag.createMany({ data: rows });
    return db.messageFlag.findMany({
      where: { id: { in: rows.map((row) => row.id) } },
      include: withMessage,
      orderBy: { createdAt: 'asc' },
    });
  },
  list: async (db: Db, query: { status?: MessageFlagStatus; limit: number; offset: number }) => {
    const where = query.status ? { status: query.status } : {};
    const [rows, total] = await Promise.all([
      db.messageFlag.findMany({
        where,
        include: withMessage,
        orderBy: [{ priority: 'desc' }, { createdAt: 'desc' }, { id: 'desc' }],
        take: query.limit,
        skip: query.offset,
      }),
      db.messageFlag.count({ where }),
    ]);
    return { rows, total };
  },
  /**
   * Locks the flag for its review (two admins updating at once apply one after the other) and
   * answers its status, or null for no such flag. The UPDATE takes the row lock and holds it to the
   * commit, as SELECT ... FOR UPDATE would; the read after it sees the other review's result. The
   * review itself sets updatedAt again, and a refused review rolls back.
   */
  lock: async (tx: Prisma.TransactionClient, id: string): Promise<{ status: MessageFlagStatus } | null> => {
    const { count } = await tx.messageFlag.updateMany({ where: { id }, data: { updatedAt: new Date() } });
    return count === 0 ? null : tx.messageFlag.findUniqueOrThrow({ where: { id }, select: { status: true } });
  },
  review: (
    db: Db,
    id: string,
    review: { status: MessageFlagStatus; reviewNotes: string | null; reviewedBy: string },
  ): Promise<FlagRow> =>
    db.messageFlag.update({
      where: { id },
      data: { ...review, reviewedAt: new Date(), updatedAt: new Date() },
      include: withMessage,
    }),
};
