import type { PostReportedPayload, ReviewOutcome } from '@crucible/proto';
import type { Sql } from '@crucible/platform';
import type { Prisma, PrismaClient } from '../generated/prisma/client.ts';

type Db = PrismaClient | Prisma.TransactionClient;
type Status = 'all' | 'open' | 'resolved';
type Kind = 'dm_report' | 'post_report';
type Sort = 'newest' | 'most_reported';

const resolvedWhere = (status: Status) => (status === 'all' ? {} : { isResolved: status === 'resolved' });
/** A forum post's reports: a reply's by its id, a discussion's opening post's by the discussion's. */
const postReportsOf = (postId: string) => ({ OR: [{ replyId: postId }, { discussionId: postId, replyId: null }] });

const STATUS_SQL: Record<Status, string> = { all: 'TRUE', open: 'NOT is_resolved', resolved: 'is_resolved' };
const ORDER_SQL: Record<Sort, string> = {
  newest: 'latest DESC, target_id',
  most_reported: 'report_count DESC, latest DESC, target_id',
};

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
  async page(sql: Sql, query: { kind: Kind | 'all'; status: Status; sort: Sort; limit: number; offset: number }) {
    const counted = STATUS_SQL[query.status];
    // $1 and $2 keep or drop each half, so the texts stay few (one per status and sort).
    const items = `
      WITH items AS (
        SELECT 'dm_report' AS kind, message_id AS target_id, count(*) AS report_count, max(created_at) AS latest
          FROM message_reports WHERE ${counted} AND $1::boolean GROUP BY message_id
        UNION ALL
        SELECT 'post_report', COALESCE(reply_id, discussion_id), count(*), max(created_at)
          FROM post_reports WHERE ${counted} AND $2::boolean GROUP BY COALESCE(reply_id, discussion_id)
      )`;
    const halves = [query.kind !== 'post_report', query.kind !== 'dm_report'];
    const [rows, [total]] = await Promise.all([
      sql<{ kind: Kind; target_id: string }>(
        `${items} SELECT kind, target_id::text AS target_id FROM items
         ORDER BY ${ORDER_SQL[query.sort]} LIMIT $3 OFFSET $4`,
        [...halves, query.limit, query.offset],
      ),
      sql<{ total: number }>(`${items} SELECT count(*)::int AS total FROM items`, halves),
    ]);
    return { items: rows.map((row) => ({ kind: row.kind, targetId: row.target_id })), total: total?.total ?? 0 };
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

  async anyOf(db: Db, kind: 'dm_report' | 'post_report', targetId: string): Promise<boolean> {
    return kind === 'dm_report'
      ? (await db.messageReport.count({ where: { messageId: targetId } })) > 0
      : (await db.postReport.count({ where: postReportsOf(targetId) })) > 0;
  },

  /**
   * Closes the open reports of one piece of content and answers their ids; none means nothing was
   * open there. One conditional UPDATE: a second resolution at once waits on the first one's row
   * locks, then finds those reports closed and changes nothing.
   */
  async resolveOpen(
    tx: Prisma.TransactionClient,
    kind: 'dm_report' | 'post_report',
    targetId: string,
    resolution: { resolvedBy: string; outcome: ReviewOutcome | null; resolution: string },
  ): Promise<string[]> {
    const data = { ...resolution, isResolved: true, resolvedAt: new Date() };
    const select = { id: true } as const;
    const rows =
      kind === 'dm_report'
        ? await tx.messageReport.updateManyAndReturn({
            where: { messageId: targetId, isResolved: false },
            data,
            select,
          })
        : await tx.postReport.updateManyAndReturn({
            where: { ...postReportsOf(targetId), isResolved: false },
            data,
            select,
          });
    return rows.map((row) => row.id);
  },
};
