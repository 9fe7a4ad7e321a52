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
   * answers its status, or null for no such flag. A row lock is not a model operation.
   */
  lock: async (tx: Prisma.TransactionClient, id: string): Promise<{ status: MessageFlagStatus } | null> => {
    const rows = await tx.$queryRaw<{ status: MessageFlagStatus }[]>`
      SELECT status::text AS status FROM message_flags WHERE id = ${id}::uuid FOR UPDATE`;
    return rows[0] ?? null;
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
