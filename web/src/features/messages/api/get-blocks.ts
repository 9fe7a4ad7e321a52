import { dmRoutes } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { BLOCKS_KEY } from './message-query-keys.ts';

export const blocksQueryOptions = queryOptions({
  queryKey: BLOCKS_KEY,
  queryFn: () => callRoute(dmRoutes.listBlocked, {}),
});

export function useBlocks() {
  return useQuery(blocksQueryOptions);
}
