import { ADMIN_MESSAGES, MEMBER_ACTIVITY_LIMIT, type MemberActivity, type MemberReport } from '@crucible/proto';
import { NotFoundError, requireAdmin, type Caller } from '@crucible/platform';
import { auditLogRepository } from '../repositories/audit-logs.ts';
import { memberActivityRepository } from '../repositories/member-activity.ts';
import { listedEntries } from './audit.ts';
import type { AdminContext } from './context.ts';
import { nameIn, peopleOf } from './names.ts';

/**
 * The console's user view, beside the account auth shows: what the member did that the audit log
 * holds, what admins and moderators did to them, what others reported of theirs (messages and forum
 * posts, with each report's outcome), and how many direct messages they sent. A member nobody knows
 * (not here, not at auth) is 404.
 */
export async function memberActivity(ctx: AdminContext, actor: Caller, userId: string): Promise<MemberActivity> {
  requireAdmin(actor);
  const id = userId.toLowerCase();
  const member = (await peopleOf(ctx, [id])).get(id);
  if (!member?.email) throw new NotFoundError(ADMIN_MESSAGES.targetUserInvalid);
  const page = {
    limit: MEMBER_ACTIVITY_LIMIT,
    offset: 0,
    actionType: undefined,
    adminId: undefined,
    targetUserId: undefined,
  };
  const [actionsBy, actionsOn, messageReports, postReports, sent] = await Promise.all([
    auditLogRepository.page(ctx.prisma, { ...page, adminId: id }),
    auditLogRepository.page(ctx.prisma, { ...page, targetUserId: id }),
    memberActivityRepository.messageReportsAgainst(ctx.prisma, id, MEMBER_ACTIVITY_LIMIT),
    memberActivityRepository.postReportsAgainst(ctx.prisma, id, MEMBER_ACTIVITY_LIMIT),
    memberActivityRepository.messagesSent(ctx.prisma, id),
  ]);
  const reporters = await peopleOf(ctx, [
    ...messageReports.rows.map((row) => row.reporterId),
    ...postReports.rows.map((row) => row.reporterId),
  ]);
  const report = (
    row: (typeof postReports.rows)[number] | (typeof messageReports.rows)[number],
    rest: Pick<MemberReport, 'kind' | 'targetId' | 'content' | 'reportReason'>,
  ): MemberReport => ({
    id: row.id,
    reporterId: row.reporterId,
    reporterName: nameIn(reporters, row.reporterId),
    reportType: row.reportType,
    createdAt: row.createdAt.toISOString(),
    isResolved: row.isResolved,
    outcome: row.outcome,
    resolution: row.resolution,
    ...rest,
  });
  const reports = [
    ...messageReports.rows.map((row) =>
      report(row, {
        kind: 'dm_report',
        targetId: row.messageId,
        content: row.message.content,
        reportReason: row.description,
      }),
    ),
    ...postReports.rows.map((row) =>
      report(row, {
        kind: 'post_report',
        targetId: row.replyId ?? row.discussionId,
        content: row.content,
        reportReason: row.reason,
      }),
    ),
  ]
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, MEMBER_ACTIVITY_LIMIT);
  return {
    userId: id,
    name: member.name,
    messagesSent: sent.count,
    lastMessageAt: sent.latest?.toISOString() ?? null,
    actionsBy: await listedEntries(ctx, actionsBy),
    actionsOn: await listedEntries(ctx, actionsOn),
    reportsAgainst: { reports, total: messageReports.total + postReports.total },
  };
}
