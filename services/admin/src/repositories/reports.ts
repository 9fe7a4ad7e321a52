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
