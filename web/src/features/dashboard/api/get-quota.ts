import type { Quota } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getQueryFn } from '../../../lib/api-request.ts';

export const quotaQueryOptions = queryOptions({
  queryKey: ['/api/direct-messages', 'quota'] as const,
  queryFn: getQueryFn<Quota>({ on401: 'throw' }),
  staleTime: 30_000,
  gcTime: 10 * 60_000,
});

/** Asked only for Core members: the meter is theirs alone (spec 1 section 6). */
export function useQuota({ enabled }: { enabled: boolean }) {
  return useQuery({ ...quotaQueryOptions, enabled });
}
