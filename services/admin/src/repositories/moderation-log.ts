import { randomUUID } from 'node:crypto';
import type { Prisma, PrismaClient } from '../generated/prisma/client.ts';

type Db = PrismaClient | Prisma.TransactionClient;

export const moderationLogRepository = {
  append: (
    db: Db,
    entry: {
      moderatorId: string;
      action: string;
      targetUserId: string | null;
      discussionId: string | null;
      replyId: string | null;
      reason: string | null;
      details: Record<string, unknown> | null;
      createdAt: Date;
    },
  ) =>
    db.moderationLog.create({
      data: {
        id: randomUUID(),
        ...entry,
        action: entry.action.slice(0, 50),
        details: (entry.details ?? undefined) as Prisma.InputJsonValue | undefined,
      },
    }),
};
