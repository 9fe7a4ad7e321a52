import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-request.ts';
import { BLOCKS_KEY } from './message-query-keys.ts';
import type { BlockedMember } from './types.ts';

export async function getBlocks(): Promise<BlockedMember[]> {
  const response = await apiRequest('GET', '/api/direct-messages/blocks');
  return (await response.json()) as BlockedMember[];
}

export const blocksQueryOptions = queryOptions({ queryKey: BLOCKS_KEY, queryFn: getBlocks });

export function useBlocks() {
  return useQuery(blocksQueryOptions);
}
