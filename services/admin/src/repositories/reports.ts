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
  /**
   * Resolves the report if it is open and answers it; null when there is no open report of that id.
   * One conditional UPDATE: a second resolution at once waits on the first one's row lock, then
   * finds the report resolved and changes nothing.
   */
  resolveOpen: async (
    tx: Prisma.TransactionClient,
    id: string,
    resolution: { resolvedBy: string; resolution: string },
  ): Promise<ReportRow | null> => {
    const [row] = await tx.messageReport.updateManyAndReturn({
      where: { id, isResolved: false },
      data: { ...resolution, isResolved: true, resolvedAt: new Date() },
      include: withMessage,
    });
    return row ?? null;
  },
  exists: async (db: Db, id: string): Promise<boolean> => (await db.messageReport.count({ where: { id } })) > 0,
};
