import {
  ADMIN_MESSAGES,
  RPC,
  SUBJECTS,
  type ReviewItem,
  type ReviewKind,
  type ReviewOutcome,
  type ReviewQueue,
  type reviewQueueQuerySchema,
  type reviewResolveSchema,
} from '@crucible/proto';
import {
  BadRequestError,
  ConflictError,
  HttpError,
  NotFoundError,
  requireAdmin,
  type Caller,
} from '@crucible/platform';
import type { z } from 'zod';
import { reviewQueueRepository } from '../repositories/review-queue.ts';
import { recordAction } from './audit.ts';
import { inTransaction, type AdminContext } from './context.ts';
import { bulkDelete } from './messages.ts';
import { nameIn, peopleOf } from './names.ts';
import { askOwner, ownerActorOf } from './owners.ts';

type Query = z.output<typeof reviewQueueQuerySchema>;
type Resolve = z.output<typeof reviewResolveSchema>;

interface ReportLine {
  id: string;
  reporterId: string;
  reportType: ReviewItem['reports'][number]['reportType'];
  reportReason: string | null;
  createdAt: Date;
  isResolved: boolean;
  resolvedAt: Date | null;
  outcome: ReviewOutcome | null;
  resolution: string | null;
}

/** One reported piece of content and its reports, before names and context are added. */
interface Group {
  kind: ReviewKind;
  targetId: string;
  authorId: string;
  content: string;
  reports: ReportLine[];
  context: () => Promise<ReviewItem['context']>;
}

function addTo(groups: Map<string, Group>, group: Omit<Group, 'reports'>, line: ReportLine): void {
  const key = `${group.kind}:${group.targetId}`;
  const known = groups.get(key) ?? { ...group, reports: [] };
  known.reports.push(line);
  groups.set(key, known);
}

/** The reports (of the status) of the given content, grouped per content in the order given. */
async function groupsOf(
  ctx: AdminContext,
  status: Query['status'],
  targets: { kind: ReviewKind; targetId: string }[],
): Promise<Group[]> {
  const groups = new Map<string, Group>();
  const idsOf = (kind: ReviewKind) => targets.filter((target) => target.kind === kind).map((target) => target.targetId);
  const messageIds = idsOf('dm_report');
  const postIds = idsOf('post_report');
  if (messageIds.length > 0)
    for (const row of await reviewQueueRepository.messageReports(ctx.prisma, status, messageIds)) {
      const message = row.message;
      addTo(
        groups,
        {
          kind: 'dm_report',
          targetId: row.messageId,
          authorId: message.senderId,
          content: message.content,
          context: async () => {
            const around = await reviewQueueRepository.around(ctx.prisma, message);
            const people = await peopleOf(ctx, [message.senderId, message.recipientId]);
            return {
              discussion: null,
              messages: around.map((each) => ({
                id: each.messageId,
                senderName: nameIn(people, each.senderId),
                content: each.content,
                sentAt: each.sentAt.toISOString(),
                isReported: each.messageId === message.messageId,
              })),
            };
          },
        },
        { ...row, reportReason: row.description },
      );
    }
  if (postIds.length > 0)
    for (const row of await reviewQueueRepository.postReports(ctx.prisma, status, postIds))
      addTo(
        groups,
        {
          kind: 'post_report',
          targetId: row.replyId ?? row.discussionId,
          authorId: row.authorId,
          content: row.content,
          context: () =>
            Promise.resolve({
              messages: null,
              discussion: { id: row.discussionId, title: row.discussionTitle, replyId: row.replyId },
            }),
        },
        { ...row, reportReason: row.reason },
      );
  return targets.flatMap((target) => groups.get(`${target.kind}:${target.targetId}`) ?? []);
}

const latestOf = (group: Group) => Math.max(...group.reports.map((report) => report.createdAt.getTime()));

async function toItem(ctx: AdminContext, group: Group): Promise<ReviewItem> {
  const [people, context, actions] = await Promise.all([
    peopleOf(ctx, [group.authorId, ...group.reports.map((report) => report.reporterId)]),
    group.context(),
    reviewQueueRepository.actionsOn(ctx.prisma, group.authorId),
  ]);
  const reports = [...group.reports].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const lastResolved = reports
    .filter((report) => report.isResolved)
    .sort((a, b) => (b.resolvedAt?.getTime() ?? 0) - (a.resolvedAt?.getTime() ?? 0))[0];
  return {
    kind: group.kind,
    targetId: group.targetId,
    authorId: group.authorId,
    authorName: nameIn(people, group.authorId),
    content: group.content,
    context,
    reports: reports.map((report) => ({
      id: report.id,
      reporterId: report.reporterId,
      reporterName: nameIn(people, report.reporterId),
      reportType: report.reportType,
      reportReason: report.reportReason,
      createdAt: report.createdAt.toISOString(),
    })),
    reportCount: reports.length,
    latestReportAt: new Date(latestOf(group)).toISOString(),
    isResolved: reports.every((report) => report.isResolved),
    outcome: lastResolved?.outcome ?? null,
    resolution: lastResolved?.resolution ?? null,
    earlierActions: actions.map((action) => ({
      actionType: action.actionType,
      description: action.description,
      createdAt: action.createdAt.toISOString(),
    })),
  };
}

/**
 * The review queue: every reported message and forum post once, with all its reporters, newest
 * report first or most reports first, filtered by kind and status (open: any report still open).
 */
export async function reviewQueue(ctx: AdminContext, actor: Caller, query: Query): Promise<ReviewQueue> {
  requireAdmin(actor);
  const page = await reviewQueueRepository.page(ctx.sql, query);
  const groups = await groupsOf(ctx, query.status, page.items);
  return { items: await Promise.all(groups.map((group) => toItem(ctx, group))), total: page.total };
}

const whatOf = (kind: ReviewKind) => (kind === 'dm_report' ? 'message' : 'forum post');

/**
 * The outcome's consequence, asked of the service that owns it: the message's deletion of dm, the
 * post's of forum, the author's suspension or deactivation of auth. Each owner checks the admin
 * rule again and audits the action with the moderator, the target and the reason. Carrying one out
 * twice changes nothing: content already gone (404 from its owner) counts as deleted, a second
 * suspension only sets the same end, and deactivating a deactivated member leaves them so.
 */
async function carryOut(ctx: AdminContext, actor: Caller, group: Group, body: Resolve, reason: string): Promise<void> {
  const adminId = actor.userId;
  const from = ownerActorOf(actor);
  // Content its owner no longer has (404) was deleted already: the delete is done.
  const unlessAlreadyGone = (work: Promise<unknown>) =>
    work.then(
      () => undefined,
      (error: unknown) => {
        if (!(error instanceof HttpError && error.statusCode === 404)) throw error;
      },
    );
  switch (body.outcome) {
    case 'delete': {
      if (group.kind === 'dm_report') {
        await unlessAlreadyGone(bulkDelete(ctx, actor, { messageIds: [group.targetId], reason }));
        return;
      }
      const { discussion } = await group.context();
      if (!discussion) return;
      const request = { adminId, actor: from, discussionId: discussion.id, replyId: discussion.replyId, reason };
      await unlessAlreadyGone(
        askOwner(ctx, 'forum', (options) => ctx.bus.request(RPC.forumAdminDeletePost, request, options)),
      );
      return;
    }
    case 'suspend': {
      const request = { adminId, actor: from, userId: group.authorId, until: body.until!, reason };
      await askOwner(ctx, 'auth', (options) => ctx.bus.request(RPC.authAdminSuspend, request, options));
      return;
    }
    case 'ban': {
      const request = { adminId, actor: from, userId: group.authorId };
      await askOwner(ctx, 'auth', (options) => ctx.bus.request(RPC.authAdminDeactivate, request, options));
      return;
    }
    default:
    // dismiss records nothing; a warning is this service's own (resolveReviewItem sends it).
  }
}

/**
 * Carries out the outcome's consequence (see carryOut), then closes every open report of the
 * content with the outcome and notes, audited with the author as the target; a warning also
 * reaches the member as a notification. Content with no open report is refused before anything is
 * done (404 never reported, 409 already resolved).
 */
export async function resolveReviewItem(ctx: AdminContext, actor: Caller, body: Resolve): Promise<ReviewItem> {
  requireAdmin(actor);
  const outcome = body.outcome === 'dismiss' ? null : body.outcome;
  if (outcome === 'warn' && !body.notes) throw new BadRequestError(ADMIN_MESSAGES.warningTextRequired);
  const notes = body.notes ?? ADMIN_MESSAGES.noResolutionNotes;
  const [open] = await groupsOf(ctx, 'open', [body]);
  if (!open) {
    if (!(await reviewQueueRepository.anyOf(ctx.prisma, body.kind, body.targetId)))
      throw new NotFoundError(ADMIN_MESSAGES.reviewItemNotFound);
    throw new ConflictError(ADMIN_MESSAGES.reviewItemAlreadyResolved);
  }
  await carryOut(ctx, actor, open, body, body.notes ?? `Reported ${whatOf(body.kind)}`);
  await inTransaction(ctx, async (tx, emit) => {
    const ids = await reviewQueueRepository.resolveOpen(tx, body.kind, body.targetId, {
      resolvedBy: actor.userId,
      outcome,
      resolution: notes,
    });
    if (ids.length === 0) throw new ConflictError(ADMIN_MESSAGES.reviewItemAlreadyResolved);
    await recordAction(tx, actor, {
      actionType: outcome ? 'report_resolve' : 'report_dismiss',
      description: `${outcome ? `Resolved (${outcome})` : 'Dismissed'} ${ids.length} report(s) of a ${whatOf(body.kind)}`,
      details: {
        kind: body.kind,
        targetId: body.targetId,
        outcome,
        notes,
        reportIds: ids,
        ...(outcome === 'suspend' ? { until: body.until } : {}),
      },
      targetUserId: open.authorId,
      targetMessageId: body.kind === 'dm_report' ? body.targetId : null,
    });
    if (outcome === 'warn') {
      // The warning itself: the member's notification (realtime) and its own audit row.
      await emit(SUBJECTS.adminMemberWarned, {
        userId: open.authorId,
        warnedBy: actor.userId,
        message: notes,
        kind: body.kind,
        targetId: body.targetId,
      });
      await recordAction(tx, actor, {
        actionType: 'user_warn',
        description: `Warned the author of a reported ${whatOf(body.kind)}`,
        details: { kind: body.kind, targetId: body.targetId, reason: notes },
        targetUserId: open.authorId,
        targetMessageId: body.kind === 'dm_report' ? body.targetId : null,
      });
    }
  });
  const [resolved] = await groupsOf(ctx, 'all', [body]);
  return toItem(ctx, resolved!);
}
