import type { DmMessageCreatedPayload } from '@crucible/proto';
import type { Prisma, PrismaClient } from '../generated/prisma/client.ts';

type Db = PrismaClient | Prisma.TransactionClient;

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
  markDeleted: (db: Db, messageId: string, at: Date) =>
    db.messageSnapshot.updateMany({ where: { messageId, deletedAt: null }, data: { deletedAt: at } }),
  find: (db: Db, messageId: string) => db.messageSnapshot.findUnique({ where: { messageId } }),
};
