import type { PostReportedPayload, ReviewOutcome } from '@crucible/proto';
import { Prisma, type PrismaClient } from '../generated/prisma/client.ts';

type Db = PrismaClient | Prisma.TransactionClient;
type Status = 'all' | 'open' | 'resolved';
type Kind = 'dm_report' | 'post_report';
type Sort = 'newest' | 'most_reported';

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

  /**
   * One page of reported content (kind, target), grouped and ordered in SQL: newest by its latest
   * report, most_reported by its number of reports; only reports of the status count. `total` is the
   * number of items over all pages.
   */
  async page(db: Db, query: { kind: Kind | 'all'; status: Status; sort: Sort; limit: number; offset: number }) {
    const status =
      query.status === 'all'
        ? Prisma.sql`TRUE`
        : query.status === 'resolved'
          ? Prisma.sql`is_resolved`
          : Prisma.sql`NOT is_resolved`;
    const order =
      query.sort === 'most_reported'
        ? Prisma.sql`report_count DESC, latest DESC, target_id`
        : Prisma.sql`latest DESC, target_id`;
    const items = Prisma.sql`
      WITH items AS (
        SELECT 'dm_report' AS kind, message_id AS target_id, count(*) AS report_count, max(created_at) AS latest
          FROM message_reports WHERE ${status} AND ${query.kind !== 'post_report'} GROUP BY message_id
        UNION ALL
        SELECT 'post_report', COALESCE(reply_id, discussion_id), count(*), max(created_at)
          FROM post_reports WHERE ${status} AND ${query.kind !== 'dm_report'} GROUP BY COALESCE(reply_id, discussion_id)
      )`;
    const [rows, [counted]] = await Promise.all([
      db.$queryRaw<{ kind: Kind; target_id: string }[]>`
        ${items} SELECT kind, target_id::text AS target_id FROM items
        ORDER BY ${order} LIMIT ${query.limit} OFFSET ${query.offset}`,
      db.$queryRaw<{ total: number }[]>`${items} SELECT count(*)::int AS total FROM items`,
    ]);
    return { items: rows.map((row) => ({ kind: row.kind, targetId: row.target_id })), total: counted?.total ?? 0 };
  },

  messageReports: (db: Db, status: Status, messageIds: string[]) =>
    db.messageReport.findMany({
      where: { ...resolvedWhere(status), messageId: { in: messageIds } },
      include: { message: true },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    }),

  postReports: (db: Db, status: Status, postIds: string[]) =>
    db.postReport.findMany({
      where: {
        ...resolvedWhere(status),
        OR: [{ replyId: { in: postIds } }, { discussionId: { in: postIds }, replyId: null }],
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
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
