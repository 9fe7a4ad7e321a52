import { dataExportRoutes } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRouteWithServerMessage } from '../../../lib/api-client.ts';
import { DATA_EXPORTS_KEY } from './data-export-keys.ts';

/** A fresh signed link to a ready export (each lives minutes, so one is asked for per download). */
export const getDataExportLink = (id: string) =>
  callRouteWithServerMessage(
    dataExportRoutes.dataExportDownloadLink,
    { params: { id } },
    'Could not download the export',
  );

export function useDataExportLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: getDataExportLink,
    // A refusal (expired meanwhile) means the list is stale.
    onError: () => queryClient.invalidateQueries({ queryKey: DATA_EXPORTS_KEY }),
  });
}
