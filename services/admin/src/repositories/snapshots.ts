import type { DmMessageCreatedPayload } from '@crucible/proto';
import type { Prisma, PrismaClient } from '../generated/prisma/client.ts';

type Db = PrismaClient | Prisma.TransactionClient;

export interface MessageSearch {
  memberId?: string;
  q?: string;
  from?: Date;
  to?: Date;
  limit: number;
  offset: number;
}

export const snapshotRepository = {
  /**
   * Idempotent, also at the same moment: dm's event and a request-reply answer (a member reporting a
   * message as its event arrives) may both bring the same message. One INSERT ... ON CONFLICT DO
   * NOTHING, where Prisma's upsert would read, then insert, and fail on the other's row.
   */
  save: (db: Db, message: DmMessageCreatedPayload) =>
    db.messageSnapshot.createMany({
      data: [
        {
          messageId: message.id,
          senderId: message.senderId,
          recipientId: message.recipientId,
          content: message.content,
          sentAt: new Date(message.createdAt),
        },
      ],
      skipDuplicates: true,
    }),
  /** An edited message's new text, unless a report or flag already points at the text it had. */
  applyEdit: (db: Db, messageId: string, content: string) =>
    db.messageSnapshot.updateMany({
      where: { messageId, reports: { none: {} }, flags: { none: {} } },
      data: { content },
    }),
  markDeleted: (db: Db, messageId: string, at: Date, byAdmin = false, reason: string | null = null) =>
    db.messageSnapshot.updateMany({
      where: { messageId, deletedAt: null },
      data: { deletedAt: at, deletedByAdmin: byAdmin, deletionReason: reason },
    }),
  /**
   * A deleted member's messages (dm removed them): the copies a report or flag points at stay as
   * evidence, marked deleted; the others go.
   */
  purgeMember: async (db: Db, userId: string, at: Date): Promise<void> => {
    const ofMember = { OR: [{ senderId: userId }, { recipientId: userId }] };
    await db.messageSnapshot.deleteMany({ where: { ...ofMember, reports: { none: {} }, flags: { none: {} } } });
    await db.messageSnapshot.updateMany({ where: { ...ofMember, deletedAt: null }, data: { deletedAt: at } });
  },
  find: (db: Db, messageId: string) => db.messageSnapshot.findUnique({ where: { messageId } }),
  findMany: (db: Db, messageIds: string[]) => db.messageSnapshot.findMany({ where: { messageId: { in: messageIds } } }),
  /** Every message kept, newest first, filtered by member, text and sending time, one page at a time. */
  search: async (db: Db, query: MessageSearch) => {
    const where: Prisma.MessageSnapshotWhereInput = {
      ...(query.memberId ? { OR: [{ senderId: query.memberId }, { recipientId: query.memberId }] } : {}),
      // Prisma's contains does not escape LIKE's wildcards: % and _ are searched as themselves.
      ...(query.q
        ? { content: { contains: query.q.replace(/[\\%_]/g, (char) => `\\${char}`), mode: 'insensitive' } }
        : {}),
      ...(query.from || query.to
        ? { sentAt: { ...(query.from ? { gte: query.from } : {}), ...(query.to ? { lte: query.to } : {}) } }
        : {}),
    };
    const [rows, total] = await Promise.all([
      db.messageSnapshot.findMany({
        where,
        orderBy: [{ sentAt: 'desc' }, { messageId: 'desc' }],
        take: query.limit,
        skip: query.offset,
      }),
      db.messageSnapshot.count({ where }),
    ]);
    return { rows, total };
  },
};
