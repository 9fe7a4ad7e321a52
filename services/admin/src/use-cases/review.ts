import {
  ADMIN_MESSAGES,
  type AdminReport,
  type AdminReportList,
  type FlagStatusUpdate,
  type MessageFlag,
  type MessageFlagList,
  type MessageFlagStatus,
  type ResolveReport,
} from '@crucible/proto';
import { ConflictError, NotFoundError, requireAdmin, type Caller } from '@crucible/platform';
import { flagRepository } from '../repositories/flags.ts';
import { reportReviewRepository } from '../repositories/reports.ts';
import { recordAction } from './audit.ts';
import { inTransaction, type AdminContext } from './context.ts';
import { peopleOf } from './names.ts';
import { peopleIdsOf, toAdminReport, toMessageFlag } from './review-views.ts';

export async function listReports(
  ctx: AdminContext,
  actor: Caller,
  query: { status: 'all' | 'open' | 'resolved'; limit: number; offset: number },
): Promise<AdminReportList> {
  requireAdmin(actor);
  const { rows, total } = await reportReviewRepository.list(ctx.prisma, query);
  const people = await peopleOf(ctx, peopleIdsOf(rows));
  return { reports: rows.map((row) => toAdminReport(row, people)), total };
}

/** Pending to resolved with notes; a resolved report is final. */
export async function resolveReport(
  ctx: AdminContext,
  actor: Caller,
  reportId: string,
  body: ResolveReport,
): Promise<AdminReport> {
  requireAdmin(actor);
  const adminId = actor.userId;
  const row = await inTransaction(ctx, async (tx) => {
    const resolved = await reportReviewRepository.resolveOpen(tx, reportId, {
      resolvedBy: adminId,
      resolution: body.resolution,
    });
    if (!resolved) {
      if (await reportReviewRepository.exists(tx, reportId))
        throw new ConflictError(ADMIN_MESSAGES.reportAlreadyResolved);
      throw new NotFoundError(ADMIN_MESSAGES.reportNotFound);
    }
    await recordAction(tx, actor, {
      actionType: 'report_resolve',
      description: `Resolved a ${resolved.reportType} report`,
      details: { resolution: body.resolution, reportType: resolved.reportType },
      targetReportId: resolved.id,
      targetMessageId: resolved.messageId,
      targetUserId: resolved.message.senderId,
    });
    return resolved;
  });
  return toAdminReport(row, await peopleOf(ctx, peopleIdsOf([row])));
}

export async function listFlags(
  ctx: AdminContext,
  actor: Caller,
  query: { status?: MessageFlagStatus; limit: number; offset: number },
): Promise<MessageFlagList> {
  requireAdmin(actor);
  const { rows, total } = await flagRepository.list(ctx.prisma, query);
  const people = await peopleOf(ctx, peopleIdsOf(rows));
  return { flags: rows.map((row) => toMessageFlag(row, people)), total };
}

/**
 * Any status may be set except on a resolved flag, which is final (the console
 * shows it no Update button). Dismissing withdraws the flag: recorded as message_unflag.
 */
export async function updateFlagStatus(
  ctx: AdminContext,
  actor: Caller,
  flagId: string,
  body: FlagStatusUpdate,
): Promise<MessageFlag> {
  requireAdmin(actor);
  const row = await inTransaction(ctx, async (tx) => {
    const current = await flagRepository.lock(tx, flagId);
    if (!current) throw new NotFoundError(ADMIN_MESSAGES.flagNotFound);
    if (current.status === 'resolved') throw new ConflictError(ADMIN_MESSAGES.flagAlreadyResolved);
    const updated = await flagRepository.review(tx, flagId, {
      status: body.status,
      reviewNotes: body.reviewNotes,
      reviewedBy: actor.userId,
    });
    await recordAction(tx, actor, {
      actionType: body.status === 'dismissed' ? 'message_unflag' : 'flag_status_change',
      description: `Changed a flag from ${current.status} to ${body.status}`,
      details: { from: current.status, to: body.status, reviewNotes: body.reviewNotes },
      targetFlagId: updated.id,
      targetMessageId: updated.messageId,
      targetUserId: updated.message.senderId,
    });
    return updated;
  });
  return toMessageFlag(row, await peopleOf(ctx, peopleIdsOf([row])));
}
