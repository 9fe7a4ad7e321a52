import { queryOptions, useQuery } from '@tanstack/react-query';
import { dmRoutes } from '@crucible/proto';
import { callRoute } from '../../../lib/api-client.ts';
import { QUOTA_KEY, QUOTA_STALE_MS } from './message-query-keys.ts';
import type { MessageQuota } from './types.ts';

export async function getQuota(): Promise<MessageQuota> {
  return callRoute(dmRoutes.getQuota, {});
}

export const quotaQueryOptions = queryOptions({ queryKey: QUOTA_KEY, queryFn: getQuota, staleTime: QUOTA_STALE_MS });

export function useQuota() {
  return useQuery(quotaQueryOptions);
}
