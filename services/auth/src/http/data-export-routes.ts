import type { Router } from 'express';
import { dataExportRoutes as routes } from '@crucible/proto';
import { createRouteMounter, principalOf, type TokenVerifier } from '@crucible/platform';
import * as dataExports from '../use-cases/data-exports.ts';

export function registerDataExportRoutes(
  router: Router,
  deps: { ctx: dataExports.DataExportContext; verifier: TokenVerifier },
): void {
  const { ctx, verifier } = deps;
  const mount = createRouteMounter(router, { verifier });
  mount.raw(routes.startDataExport, async (_input, req, res) => {
    res.status(202).json(await dataExports.startDataExport(ctx, principalOf(req)));
  });
  mount.raw(routes.listDataExports, async (_input, req, res) => {
    res.json(await dataExports.listDataExports(ctx, principalOf(req)));
  });
  mount.raw(routes.getDataExport, async ({ params }, req, res) => {
    res.json(await dataExports.getDataExport(ctx, principalOf(req), params.id));
  });
  mount.raw(routes.dataExportDownloadLink, async ({ params }, req, res) => {
    res.json(await dataExports.dataExportDownloadLink(ctx, principalOf(req), params.id));
  });
}
