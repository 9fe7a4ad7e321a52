import { randomUUID } from 'node:crypto';
import type { AdminActionType, AuditLogFilter } from '@crucible/proto';
import type { Prisma, PrismaClient } from '../generated/prisma/client.ts';

type Db = PrismaClient | Prisma.TransactionClient;

export interface AuditRecord {
  adminId: string;
  actionType: AdminActionType;
  description: string;
  details?: Record<string, unknown> | null;
  targetUserId?: string | null;
  targetMessageId?: string | null;
  targetReportId?: string | null;
  targetFlagId?: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  sessionId: string | null;
  /** When the action happened (the event's time); now by default. */
  createdAt?: Date;
}

function whereOf(filter: AuditLogFilter): Prisma.AdminAuditLogWhereInput {
  return {
    ...(filter.actionType ? { actionType: filter.actionType } : {}),
    ...(filter.adminId ? { adminId: filter.adminId } : {}),
    ...(filter.targetUserId ? { targetUserId: filter.targetUserId } : {}),
    ...(filter.from || filter.to
      ? { createdAt: { ...(filter.from ? { gte: filter.from } : {}), ...(filter.to ? { lte: filter.to } : {}) } }
      : {}),
  };
}

/** Append-only: there is no update or delete here, and the table's trigger refuses them anyway. */
export const auditLogRepository = {
  append: async (db: Db, records: AuditRecord[]): Promise<void> => {
    if (records.length === 0) return;
    await db.adminAuditLog.createMany({
      data: records.map(({ details, ...record }) => ({
        id: randomUUID(),
        ...record,
        details: (details ?? undefined) as Prisma.InputJsonValue | undefined,
      })),
    });
  },
  page: async (db: Db, query: AuditLogFilter & { limit: number; offset: number }) => {
    const where = whereOf(query);
    const [rows, total] = await Promise.all([
      db.adminAuditLog.findMany({
        where,
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: query.limit,
        skip: query.offset,
      }),
      db.adminAuditLog.count({ where }),
    ]);
    return { rows, total };
  },
};
