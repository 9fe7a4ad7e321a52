import { randomUUID } from 'node:crypto';
import type { MessageReport, ReportType, SchemaReportType } from '@crucible/proto';
import type { Prisma, PrismaClient } from '../generated/prisma/client.ts';

type Db = PrismaClient | Prisma.TransactionClient;

export const reportRepository = {
  create: async (
    db: Db,
    report: {
      messageId: string;
      reporterId: string;
      reportType: ReportType;
      schemaReportType: SchemaReportType;
      description: string | null;
    },
  ): Promise<MessageReport> => {
    const row = await db.messageReport.create({ data: { id: randomUUID(), ...report } });
    return {
      id: row.id,
      messageId: row.messageId,
      reporterId: row.reporterId,
      reportType: row.reportType,
      schemaReportType: row.schemaReportType,
      reportReason: row.description,
      isResolved: row.isResolved,
      createdAt: row.createdAt.toISOString(),
    };
  },
};

const withMessage = { message: true } as const;
export type ReportRow = Prisma.MessageReportGetPayload<{ include: typeof withMessage }>;

export const reportReviewRepository = {
  /** Open reports first, then newest first. */
  list: async (db: Db, query: { status: 'all' | 'open' | 'resolved'; limit: number; offset: number }) => {
    const where = query.status === 'all' ? {} : { isResolved: query.status === 'resolved' };
    const [rows, total] = await Promise.all([
      db.messageReport.findMany({
        where,
        include: withMessage,
        orderBy: [{ isResolved: 'asc' }, { createdAt: 'desc' }, { id: 'desc' }],
        take: query.limit,
        skip: query.offset,
      }),
      db.messageReport.count({ where }),
    ]);
    return { rows, total };
  },
  /** Locks the report for its resolution (two admins resolving at once: the second sees it resolved). */
  lock: async (db: Prisma.TransactionClient, id: string): Promise<{ is_resolved: boolean } | null> => {
    const rows = await db.$queryRaw<{ is_resolved: boolean }[]>`
      SELECT is_resolved FROM message_reports WHERE id = ${id}::uuid FOR UPDATE`;
    return rows[0] ?? null;
  },
  resolve: (db: Db, id: string, resolution: { resolvedBy: string; resolution: string }): Promise<ReportRow> =>
    db.messageReport.update({
      where: { id },
      data: { ...resolution, isResolved: true, resolvedAt: new Date() },
      include: withMessage,
    }),
};
