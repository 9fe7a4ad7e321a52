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
  /** Idempotent: dm's event and a request-reply answer may both bring the same message. */
  save: (db: Db, message: DmMessageCreatedPayload) =>
    db.messageSnapshot.upsert({
      where: { messageId: message.id },
      create: {
        messageId: message.id,
        senderId: message.senderId,
        recipientId: message.recipientId,
        content: message.content,
        sentAt: new Date(message.createdAt),
      },
      update: {},
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
