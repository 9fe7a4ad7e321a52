import {
  ADMIN_ACTION_TYPES,
  AUDIT_EXPORT_MAX_ROWS,
  SUBJECTS,
  type AdminActionPayload,
  type AdminActionType,
  type AuditLogEntry,
  type AuditLogList,
  type AuditLogFilter,
  type AuditLogQuery,
  type EventOf,
} from '@crucible/proto';
import { requireAdmin, subscribeIdempotent, type Subscription, type Caller } from '@crucible/platform';
import { auditLogRepository, type AuditRecord } from '../repositories/audit-logs.ts';
import { moderationLogRepository } from '../repositories/moderation-log.ts';
import { ADMIN_SCHEMA, type AdminContext, type Tx } from './context.ts';
import { toCsv } from './csv.ts';
import { nameIn, peopleOf } from './names.ts';

/**
 * Every service's admin and moderator actions: auth's user administration, dm's message actions,
 * forum's moderation, profile's admin edits of members' profiles.
 */
export const AUDITED_SUBJECTS = [
  SUBJECTS.adminActionRecorded,
  SUBJECTS.dmAdminAction,
  SUBJECTS.forumAdminAction,
  SUBJECTS.profileAdminAction,
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuidOrNull = (id: string | null | undefined) => (id && UUID.test(id) ? id.toLowerCase() : null);
const FORUM_ACTIONS: readonly AdminActionType[] = ['forum_moderation', 'moderator_grant', 'moderator_revoke'];

function actionTypeOf(value: string): AdminActionType {
  return (ADMIN_ACTION_TYPES as readonly string[]).includes(value) ? (value as AdminActionType) : 'other';
}

/** An audit row for something this service's own use cases do, written in the same transaction. */
export function recordAction(
  tx: Tx,
  actor: Caller,
  action: Omit<AuditRecord, 'adminId' | 'ipAddress' | 'userAgent' | 'sessionId' | 'createdAt'>,
): Promise<void> {
  return auditLogRepository.append(tx, [
    {
      ...action,
      adminId: actor.userId,
      ipAddress: actor.meta.ipAddress,
      userAgent: actor.meta.userAgent,
      sessionId: actor.sessionId,
    },
  ]);
}

/**
 * The rows one action event becomes: the action itself, and for an action on several messages
 * (details.messageIds) one row per message, so each deleted or flagged message is on record.
 */
export function auditRecordsOf(payload: AdminActionPayload, occurredAt: Date): AuditRecord[] {
  const adminId = uuidOrNull(payload.adminId);
  if (!adminId) return [];
  const actionType = actionTypeOf(payload.actionType);
  const details: Record<string, unknown> = { ...payload.details };
  if (actionType === 'other' && payload.actionType !== 'other') details.reportedActionType = payload.actionType;
  const base: AuditRecord = {
    adminId,
    actionType,
    description: payload.description,
    details,
    targetUserId: uuidOrNull(payload.targetUserId),
    targetMessageId: uuidOrNull(payload.targetMessageId),
    targetReportId: uuidOrNull(payload.targetReportId),
    targetFlagId: uuidOrNull(payload.targetFlagId),
    ipAddress: payload.ipAddress,
    userAgent: payload.userAgent,
    sessionId: payload.sessionId,
    createdAt: occurredAt,
  };
  const messageIds = Array.isArray(details.messageIds)
    ? details.messageIds.map((id) => uuidOrNull(typeof id === 'string' ? id : null)).filter((id) => id !== null)
    : [];
  if (messageIds.length === 0) return [base];
  const reason = typeof details.reason === 'string' ? details.reason : null;
  const perMessage = (type: AdminActionType, verb: string) =>
    messageIds.map((messageId) => ({
      ...base,
      actionType: type,
      targetMessageId: messageId,
      description: `${verb} message ${messageId}${reason ? `: ${reason}` : ''}`,
      details: { reason, bulk: messageIds.length > 1 },
    }));
  if (actionType === 'bulk_delete') return [base, ...perMessage('message_delete', 'Deleted')];
  if (actionType === 'message_flag') return perMessage('message_flag', 'Flagged');
  return [base];
}

async function applyActionEvent(
  ctx: AdminContext,
  event: EventOf<(typeof AUDITED_SUBJECTS)[number]>,
  tx: Tx,
): Promise<void> {
  const occurredAt = new Date(event.occurredAt);
  const records = auditRecordsOf(event.payload, occurredAt);
  if (records.length === 0) {
    ctx.logger.warn(
      { eventId: event.id, adminId: event.payload.adminId },
      'skipped an admin action without an admin id',
    );
    return;
  }
  await auditLogRepository.append(tx, records);
  const [first] = records;
  if (event.subject === SUBJECTS.forumAdminAction && first && FORUM_ACTIONS.includes(first.actionType)) {
    const details = event.payload.details ?? {};
    const idIn = (key: string) => uuidOrNull(typeof details[key] === 'string' ? (details[key] as string) : null);
    await moderationLogRepository.append(tx, {
      moderatorId: first.adminId,
      action: typeof details.action === 'string' ? details.action : first.actionType,
      targetUserId: first.targetUserId ?? null,
      discussionId: idIn('discussionId'),
      replyId: idIn('replyId'),
      reason: typeof details.reason === 'string' ? details.reason : null,
      details,
      createdAt: occurredAt,
    });
  }
}

/** Writes the audit log from every service's action events (once per event, whatever the redeliveries). */
export function recordAuditedActions(ctx: AdminContext, durable: string): Promise<Subscription> {
  return subscribeIdempotent({
    bus: ctx.bus,
    durable,
    subjects: AUDITED_SUBJECTS,
    schema: ADMIN_SCHEMA,
    logger: ctx.logger,
    runInTransaction: <T>(work: (tx: Tx) => Promise<T>) => ctx.prisma.$transaction(work),
    handler: (event, tx) => applyActionEvent(ctx, event, tx),
  });
}

type AuditRow = Awaited<ReturnType<typeof auditLogRepository.page>>['rows'][number];

async function toEntries(ctx: AdminContext, rows: AuditRow[]): Promise<AuditLogEntry[]> {
  const targets = rows.flatMap((row) => (row.targetUserId ? [row.targetUserId] : []));
  const people = await peopleOf(ctx, [...rows.map((row) => row.adminId), ...targets]);
  return rows.map((row) => ({
    id: row.id,
    actionType: row.actionType,
    adminId: row.adminId,
    adminName: nameIn(people, row.adminId),
    description: row.description,
    details: (row.details as Record<string, unknown> | null) ?? null,
    targetUserId: row.targetUserId,
    targetUserName: row.targetUserId ? nameIn(people, row.targetUserId) : null,
    targetMessageId: row.targetMessageId,
    targetReportId: row.targetReportId,
    targetFlagId: row.targetFlagId,
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
    success: row.success,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** A page of the audit log with the names of who acted and whom it was about. */
export async function listedEntries(
  ctx: AdminContext,
  page: { rows: AuditRow[]; total: number },
): Promise<AuditLogList> {
  return { logs: await toEntries(ctx, page.rows), total: page.total };
}

/** The audit log, newest first; read only (no call changes or removes an entry). */
export async function listAuditLogs(ctx: AdminContext, actor: Caller, query: AuditLogQuery): Promise<AuditLogList> {
  requireAdmin(actor);
  return listedEntries(ctx, await auditLogRepository.page(ctx.prisma, query));
}

const CSV_HEADER = [
  'Time (UTC)',
  'Action',
  'Admin ID',
  'Admin',
  'Target member ID',
  'Target member',
  'Target message ID',
  'Target report ID',
  'Target flag ID',
  'Description',
  'Reason',
  'IP address',
  'User agent',
  'Success',
] as const;

/** The reason an entry was recorded with, wherever its service put it. */
function reasonOf(details: Record<string, unknown> | null): string | null {
  const reason = details?.reason ?? details?.notes;
  return typeof reason === 'string' ? reason : null;
}

/** The filtered audit log as CSV (newest first, at most AUDIT_EXPORT_MAX_ROWS rows). */
export async function exportAuditLogs(
  ctx: AdminContext,
  actor: Caller,
  filter: AuditLogFilter,
): Promise<{ filename: string; csv: string }> {
  requireAdmin(actor);
  const { rows } = await auditLogRepository.page(ctx.prisma, { ...filter, limit: AUDIT_EXPORT_MAX_ROWS, offset: 0 });
  const entries = await toEntries(ctx, rows);
  const csv = toCsv(
    CSV_HEADER,
    entries.map((entry) => [
      entry.createdAt,
      entry.actionType,
      entry.adminId,
      entry.adminName,
      entry.targetUserId,
      entry.targetUserName,
      entry.targetMessageId,
      entry.targetReportId,
      entry.targetFlagId,
      entry.description,
      reasonOf(entry.details),
      entry.ipAddress,
      entry.userAgent,
      entry.success,
    ]),
  );
  return { filename: `audit-log-${new Date().toISOString().slice(0, 10)}.csv`, csv };
}
