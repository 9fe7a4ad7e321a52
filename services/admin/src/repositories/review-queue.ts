import type { PostReportedPayload, ReviewOutcome } from '@crucible/proto';
import type { Prisma, PrismaClient } from '../generated/prisma/client.ts';

type Db = PrismaClient | Prisma.TransactionClient;
type Status = 'all' | 'open' | 'resolved';

/** The most reports the queue groups at once (per kind); older ones page in as these are resolved. */
const QUEUE_WINDOW = 1000;

const resolvedWhere = (status: Status) => (status === 'all' ? {} : { isResolved: status === 'resolved' });

export const reviewQueueRepository = {
  savePostReport: (db: Db, report: PostReportedPayload) =>
    db.postReport.upsert({
      where: { id: report.id },
      update: {},
      create: {
        id: report.id,
        reporterId: report.reporterId,
        authorId: report.authorId,
        discussionId: report.discussionId,
        replyId: report.replyId,
        discussionTitle: report.discussionTitle,
        content: report.content,
        reportType: report.reportType,
        reason: report.reportReason,
        createdAt: new Date(report.createdAt),
      },
    }),

  messageReports: (db: Db, status: Status) =>
    db.messageReport.findMany({
      where: resolvedWhere(status),
      include: { message: true },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: QUEUE_WINDOW,
    }),

  postReports: (db: Db, status: Status) =>
    db.postReport.findMany({
      where: resolvedWhere(status),
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: QUEUE_WINDOW,
    }),

  /** The messages of the same pair just before and after the reported one (oldest first). */
  async around(db: Db, message: { messageId: string; senderId: string; recipientId: string; sentAt: Date }) {
    const pair = {
      OR: [
        { senderId: message.senderId, recipientId: message.recipientId },
        { senderId: message.recipientId, recipientId: message.senderId },
      ],
    };
    const [before, after] = await Promise.all([
      db.messageSnapshot.findMany({
        where: { ...pair, sentAt: { lte: message.sentAt } },
        orderBy: [{ sentAt: 'desc' }, { messageId: 'desc' }],
        take: 4,
      }),
      db.messageSnapshot.findMany({
        where: { ...pair, sentAt: { gt: message.sentAt } },
        orderBy: [{ sentAt: 'asc' }, { messageId: 'asc' }],
        take: 3,
      }),
    ]);
    return [...before.reverse(), ...after];
  },

  actionsOn: (db: Db, userId: string) =>
    db.adminAuditLog.findMany({
      where: { targetUserId: userId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: 5,
    }),

  /** Locks the open reports of one piece of content; none locked means nothing open there. */
  async lockOpen(tx: Prisma.TransactionClient, kind: 'dm_report' | 'post_report', targetId: string) {
    const rows =
      kind === 'dm_report'
        ? await tx.$queryRaw<{ id: string }[]>`
            SELECT id FROM message_reports WHERE message_id = ${targetId}::uuid AND NOT is_resolved FOR UPDATE`
        : await tx.$queryRaw<{ id: string }[]>`
            SELECT id FROM post_reports WHERE COALESCE(reply_id, discussion_id) = ${targetId}::uuid AND NOT is_resolved FOR UPDATE`;
    return rows.map((row) => row.id);
  },

  async anyOf(db: Db, kind: 'dm_report' | 'post_report', targetId: string): Promise<boolean> {
    return kind === 'dm_report'
      ? (await db.messageReport.count({ where: { messageId: targetId } })) > 0
      : (await db.postReport.count({
          where: { OR: [{ replyId: targetId }, { discussionId: targetId, replyId: null }] },
        })) > 0;
  },

  async resolve(
    tx: Prisma.TransactionClient,
    kind: 'dm_report' | 'post_report',
    ids: string[],
    resolution: { resolvedBy: string; outcome: ReviewOutcome | null; resolution: string },
  ): Promise<void> {
    const data = { ...resolution, isResolved: true, resolvedAt: new Date() };
    if (kind === 'dm_report') await tx.messageReport.updateMany({ where: { id: { in: ids } }, data });
    else await tx.postReport.updateMany({ where: { id: { in: ids } }, data });
  },
};
