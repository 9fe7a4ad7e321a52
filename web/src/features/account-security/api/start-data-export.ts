import { dataExportRoutes } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRouteWithServerMessage } from '../../../lib/api-client.ts';
import { DATA_EXPORTS_KEY } from './data-export-keys.ts';

export const startDataExport = () =>
  callRouteWithServerMessage(dataExportRoutes.startDataExport, {}, 'Could not start the export');

export function useStartDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startDataExport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DATA_EXPORTS_KEY }),
  });
}
