import type { AdminPerson, AdminReport, MessageFlag } from '@crucible/proto';
import type { FlagRow } from '../repositories/flags.ts';
import type { ReportRow } from '../repositories/reports.ts';
import { nameIn } from './names.ts';

type Snapshot = ReportRow['message'];

/** Everyone a page of reports or flags names, for one names lookup. */
export function peopleIdsOf(rows: (ReportRow | FlagRow)[]): (string | null)[] {
  return rows.flatMap((row) => [
    row.message.senderId,
    row.message.recipientId,
    ...('reporterId' in row ? [row.reporterId, row.resolvedBy] : [row.flaggedBy, row.reviewedBy]),
  ]);
}

function snapshotView(message: Snapshot, people: Map<string, AdminPerson>) {
  return {
    id: message.messageId,
    content: message.content,
    senderId: message.senderId,
    senderName: nameIn(people, message.senderId),
    recipientId: message.recipientId,
    recipientName: nameIn(people, message.recipientId),
    sentAt: message.sentAt.toISOString(),
    deletedAt: message.deletedAt?.toISOString() ?? null,
  };
}

export function toAdminReport(row: ReportRow, people: Map<string, AdminPerson>): AdminReport {
  return {
    id: row.id,
    messageId: row.messageId,
    reporterId: row.reporterId,
    reporterName: nameIn(people, row.reporterId),
    reportType: row.reportType,
    schemaReportType: row.schemaReportType,
    reportReason: row.description,
    isResolved: row.isResolved,
    resolution: row.resolution,
    resolvedBy: row.resolvedBy,
    resolvedByName: nameIn(people, row.resolvedBy),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    message: snapshotView(row.message, people),
  };
}

export function toMessageFlag(row: FlagRow, people: Map<string, AdminPerson>): MessageFlag {
  return {
    id: row.id,
    messageId: row.messageId,
    status: row.status,
    priority: row.priority,
    reason: row.reason,
    flaggedBy: row.flaggedBy,
    flaggedByName: nameIn(people, row.flaggedBy),
    reviewNotes: row.reviewNotes,
    reviewedBy: row.reviewedBy,
    reviewedByName: nameIn(people, row.reviewedBy),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    message: snapshotView(row.message, people),
  };
}
