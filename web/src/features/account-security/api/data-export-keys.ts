import { dataExportRoutes } from '@crucible/proto';
import { routeQueryKey } from '../../../lib/api-client.ts';

/** Query key of the member's data exports ('Download my data'). */
export const DATA_EXPORTS_KEY = routeQueryKey(dataExportRoutes.listDataExports);
