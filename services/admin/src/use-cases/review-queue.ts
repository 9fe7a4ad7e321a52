import {
  ADMIN_MESSAGES,
  type ReviewItem,
  type ReviewKind,
  type ReviewOutcome,
  type ReviewQueue,
  type reviewQueueQuerySchema,
  type reviewResolveSchema,
} from '@crucible/proto';
import { ConflictError, NotFoundError, requireAdmin } from '@crucible/platform';
import type { z } from 'zod';
import { reviewQueueRepository } from '../repositories/review-queue.ts';
import { recordAction } from './audit.ts';
import { inTransaction, type Actor, type AdminContext } from './context.ts';
import { bulkDelete } from './messages.ts';
import { nameIn, peopleOf } from './names.ts';

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

async function groupsOf(ctx: AdminContext, query: Query): Promise<Group[]> {
  const groups = new Map<string, Group>();
  if (query.kind !== 'post_report')
    for (const row of await reviewQueueRepository.messageReports(ctx.prisma, query.status)) {
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
  if (query.kind !== 'dm_report')
    for (const row of await reviewQueueRepository.postReports(ctx.prisma, query.status))
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
  return [...groups.values()];
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
export async function reviewQueue(ctx: AdminContext, actor: Actor, query: Query): Promise<ReviewQueue> {
  requireAdmin(actor.principal);
  const groups = await groupsOf(ctx, query);
  const byNewest = (a: Group, b: Group) => latestOf(b) - latestOf(a);
  groups.sort(
    query.sort === 'most_reported' ? (a, b) => b.reports.length - a.reports.length || byNewest(a, b) : byNewest,
  );
  const page = groups.slice(query.offset, query.offset + query.limit);
  return { items: await Promise.all(page.map((group) => toItem(ctx, group))), total: groups.length };
}

/**
 * Closes every open report of one piece of content with the outcome and notes, audited with the
 * author as the target. Deleting a message happens here (through dm, which audits it too); the other
 * outcomes' effects belong to their owners (auth suspends and deactivates, forum deletes posts) and
 * the console calls them first.
 */
export async function resolveReviewItem(ctx: AdminContext, actor: Actor, body: Resolve): Promise<ReviewItem> {
  requireAdmin(actor.principal);
  const outcome = body.outcome === 'dismiss' ? null : body.outcome;
  if (!(await reviewQueueRepository.anyOf(ctx.prisma, body.kind, body.targetId)))
    throw new NotFoundError(ADMIN_MESSAGES.reviewItemNotFound);
  if (outcome === 'delete' && body.kind === 'dm_report')
    await bulkDelete(ctx, actor, { messageIds: [body.targetId], reason: body.notes });
  await inTransaction(ctx, async (tx) => {
    const ids = await reviewQueueRepository.lockOpen(tx, body.kind, body.targetId);
    if (ids.length === 0) throw new ConflictError(ADMIN_MESSAGES.reviewItemAlreadyResolved);
    await reviewQueueRepository.resolve(tx, body.kind, ids, {
      resolvedBy: actor.principal.userId.toLowerCase(),
      outcome,
      resolution: body.notes,
    });
    const group = (await groupsOf(ctx, { kind: body.kind, status: 'all', sort: 'newest', limit: 1, offset: 0 })).find(
      (candidate) => candidate.targetId === body.targetId,
    );
    await recordAction(tx, actor, {
      actionType: outcome ? 'report_resolve' : 'report_dismiss',
      description: `${outcome ? `Resolved (${outcome})` : 'Dismissed'} ${ids.length} report(s) of a ${body.kind === 'dm_report' ? 'message' : 'forum post'}`,
      details: { kind: body.kind, targetId: body.targetId, outcome, notes: body.notes, reportIds: ids },
      targetUserId: group?.authorId ?? null,
      targetMessageId: body.kind === 'dm_report' ? body.targetId : null,
    });
  });
  const resolved = (await groupsOf(ctx, { kind: body.kind, status: 'all', sort: 'newest', limit: 1, offset: 0 })).find(
    (candidate) => candidate.targetId === body.targetId,
  )!;
  return toItem(ctx, resolved);
}
