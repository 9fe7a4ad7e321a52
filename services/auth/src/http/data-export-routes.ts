import type { Router } from 'express';
import { dataExportRoutes as routes } from '@crucible/proto';
import { createRouteMounter, type TokenVerifier } from '@crucible/platform';
import * as dataExports from '../use-cases/data-exports.ts';

export function registerDataExportRoutes(
  router: Router,
  deps: { ctx: dataExports.DataExportContext; verifier: TokenVerifier },
): void {
  const { ctx, verifier } = deps;
  const mount = createRouteMounter(router, { verifier });
  mount(routes.startDataExport, ({ caller }) => dataExports.startDataExport(ctx, caller));
  mount(routes.listDataExports, ({ caller }) => dataExports.listDataExports(ctx, caller));
  mount(routes.getDataExport, ({ params, caller }) => dataExports.getDataExport(ctx, caller, params.id));
  mount(routes.dataExportDownloadLink, ({ params, caller }) =>
    dataExports.dataExportDownloadLink(ctx, caller, params.id),
  );
}
