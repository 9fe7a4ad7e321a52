import type { Router } from 'express';
import { adminRoutes as routes } from '@crucible/proto';
import { createRouteMounter, principalOf, type TokenVerifier } from '@crucible/platform';
import type { AdminContext } from '../use-cases/context.ts';
import * as reports from '../use-cases/reports.ts';

export function registerAdminRoutes(router: Router, deps: { ctx: AdminContext; verifier: TokenVerifier }): void {
  const { ctx, verifier } = deps;
  const mount = createRouteMounter(router, { verifier });

  mount(routes.reportMessage, async ({ body }, req, res) => {
    res.status(201).json(await reports.reportMessage(ctx, principalOf(req).userId.toLowerCase(), body));
  });
}
