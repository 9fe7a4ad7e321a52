import type { Router } from 'express';
import { adminRoutes as routes } from '@crucible/proto';
import { createRouteMounter, type TokenVerifier } from '@crucible/platform';
import * as accessLevels from '../use-cases/access-levels.ts';
import * as audit from '../use-cases/audit.ts';
import type { AdminContext } from '../use-cases/context.ts';
import * as memberActivity from '../use-cases/member-activity.ts';
import * as messages from '../use-cases/messages.ts';
import * as reports from '../use-cases/reports.ts';
import * as review from '../use-cases/review.ts';
import * as reviewQueue from '../use-cases/review-queue.ts';

export function registerAdminRoutes(router: Router, deps: { ctx: AdminContext; verifier: TokenVerifier }): void {
  const { ctx, verifier } = deps;
  const mount = createRouteMounter(router, { verifier });

  mount(routes.reportMessage, ({ body, caller }) => reports.reportMessage(ctx, caller, body));

  mount(routes.listAccessLevels, ({ caller }) => accessLevels.listAccessLevels(ctx, caller));
  mount(routes.updateAccessLevel, ({ params, body, caller }) =>
    accessLevels.updateAccessLevel(ctx, caller, params.value, body),
  );

  mount(routes.listConversations, ({ query, caller }) => messages.listConversations(ctx, caller, query));
  mount(routes.viewConversation, ({ params, body, caller }) => messages.viewConversation(ctx, caller, params, body));
  mount(routes.listDirectMessages, ({ query, caller }) => messages.listDirectMessages(ctx, caller, query));
  mount(routes.bulkDeleteMessages, ({ body, caller }) => messages.bulkDelete(ctx, caller, body));
  mount(routes.bulkFlagMessages, ({ body, caller }) => messages.bulkFlag(ctx, caller, body));

  mount(routes.listReports, ({ query, caller }) => review.listReports(ctx, caller, query));
  mount(routes.resolveReport, ({ params, body, caller }) => review.resolveReport(ctx, caller, params.id, body));
  mount(routes.reviewQueue, ({ query, caller }) => reviewQueue.reviewQueue(ctx, caller, query));
  mount(routes.resolveReviewItem, ({ body, caller }) => reviewQueue.resolveReviewItem(ctx, caller, body));
  mount(routes.listFlags, ({ query, caller }) => review.listFlags(ctx, caller, query));
  mount(routes.updateFlagStatus, ({ params, body, caller }) => review.updateFlagStatus(ctx, caller, params.id, body));

  // A CSV download: its file name travels in Content-Disposition.
  mount.raw(routes.exportAuditLogs, async ({ query, caller }, _req, res) => {
    const { filename, csv } = await audit.exportAuditLogs(ctx, caller, query);
    res.type('text/csv; charset=utf-8').attachment(filename).send(csv);
  });
  mount(routes.memberActivity, ({ params, caller }) => memberActivity.memberActivity(ctx, caller, params.id));
  mount(routes.listAuditLogs, ({ query, caller }) => audit.listAuditLogs(ctx, caller, query));
}
