import type { Router } from 'express';
import { adminRoutes as routes } from '@crucible/proto';
import { createRouteMounter, principalOf, requestMetaOf, type TokenVerifier } from '@crucible/platform';
import type { Request } from 'express';
import * as accessLevels from '../use-cases/access-levels.ts';
import * as audit from '../use-cases/audit.ts';
import type { Actor, AdminContext } from '../use-cases/context.ts';
import * as memberActivity from '../use-cases/member-activity.ts';
import * as messages from '../use-cases/messages.ts';
import * as reports from '../use-cases/reports.ts';
import * as review from '../use-cases/review.ts';
import * as reviewQueue from '../use-cases/review-queue.ts';

function actorOf(req: Request): Actor {
  return { principal: principalOf(req), meta: requestMetaOf(req) };
}

export function registerAdminRoutes(router: Router, deps: { ctx: AdminContext; verifier: TokenVerifier }): void {
  const { ctx, verifier } = deps;
  const mount = createRouteMounter(router, { verifier });

  mount.raw(routes.reportMessage, async ({ body }, req, res) => {
    res.status(201).json(await reports.reportMessage(ctx, principalOf(req).userId.toLowerCase(), body));
  });

  mount.raw(routes.listAccessLevels, async (_input, req, res) => {
    res.json(await accessLevels.listAccessLevels(ctx, principalOf(req)));
  });
  mount.raw(routes.updateAccessLevel, async ({ params, body }, req, res) => {
    res.json(await accessLevels.updateAccessLevel(ctx, actorOf(req), params.value, body));
  });

  mount.raw(routes.listConversations, async ({ query }, req, res) => {
    res.json(await messages.listConversations(ctx, actorOf(req), query));
  });
  mount.raw(routes.viewConversation, async ({ params, body }, req, res) => {
    res.json(await messages.viewConversation(ctx, actorOf(req), params, body));
  });
  mount.raw(routes.listDirectMessages, async ({ query }, req, res) => {
    res.json(await messages.listDirectMessages(ctx, actorOf(req), query));
  });
  mount.raw(routes.bulkDeleteMessages, async ({ body }, req, res) => {
    res.json(await messages.bulkDelete(ctx, actorOf(req), body));
  });
  mount.raw(routes.bulkFlagMessages, async ({ body }, req, res) => {
    res.status(201).json(await messages.bulkFlag(ctx, actorOf(req), body));
  });

  mount.raw(routes.listReports, async ({ query }, req, res) => {
    res.json(await review.listReports(ctx, actorOf(req), query));
  });
  mount.raw(routes.resolveReport, async ({ params, body }, req, res) => {
    res.json(await review.resolveReport(ctx, actorOf(req), params.id, body));
  });
  mount.raw(routes.reviewQueue, async ({ query }, req, res) => {
    res.json(await reviewQueue.reviewQueue(ctx, actorOf(req), query));
  });
  mount.raw(routes.resolveReviewItem, async ({ body }, req, res) => {
    res.json(await reviewQueue.resolveReviewItem(ctx, actorOf(req), body));
  });
  mount.raw(routes.listFlags, async ({ query }, req, res) => {
    res.json(await review.listFlags(ctx, actorOf(req), query));
  });
  mount.raw(routes.updateFlagStatus, async ({ params, body }, req, res) => {
    res.json(await review.updateFlagStatus(ctx, actorOf(req), params.id, body));
  });

  mount.raw(routes.exportAuditLogs, async ({ query }, req, res) => {
    const { filename, csv } = await audit.exportAuditLogs(ctx, actorOf(req), query);
    res.type('text/csv; charset=utf-8').attachment(filename).send(csv);
  });
  mount.raw(routes.memberActivity, async ({ params }, req, res) => {
    res.json(await memberActivity.memberActivity(ctx, actorOf(req), params.id));
  });
  mount.raw(routes.listAuditLogs, async ({ query }, req, res) => {
    res.json(await audit.listAuditLogs(ctx, actorOf(req), query));
  });
}
