import type { CountResponse } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getQueryFn } from '../../../lib/api-request.ts';

export const userCountQueryOptions = queryOptions({
  queryKey: ['/api/users', 'count'] as const,
  queryFn: getQueryFn<CountResponse>({ on401: 'throw' }),
  staleTime: 5 * 60_000,
  gcTime: 30 * 60_000,
});

export function useUserCount() {
  return useQuery(userCountQueryOptions);
}
