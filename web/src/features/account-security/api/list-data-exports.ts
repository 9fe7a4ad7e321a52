import { dataExportRoutes, type DataExport } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { DATA_EXPORTS_KEY } from './data-export-keys.ts';

/** While an export is being built the list is asked again this often: the page's progress bar. */
export const DATA_EXPORT_POLL_MS = 1500;

export const listDataExports = () => callRoute(dataExportRoutes.listDataExports, {});

export const isBuilding = (item: DataExport | undefined) => item?.status === 'pending' || item?.status === 'running';

export const dataExportsQueryOptions = queryOptions({
  queryKey: DATA_EXPORTS_KEY,
  queryFn: listDataExports,
  refetchInterval: (query) => (isBuilding(query.state.data?.[0]) ? DATA_EXPORT_POLL_MS : false),
});

/** The member's exports of the last day, newest first; polled while the newest is being built. */
export function useDataExports() {
  return useQuery(dataExportsQueryOptions);
}
