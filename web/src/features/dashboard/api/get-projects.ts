import { queryOptions, useQuery } from '@tanstack/react-query';
import { getQueryFn } from '../../../lib/api-request.ts';

/** Only the count is shown, so only the id is read. */
export const projectsQueryOptions = queryOptions({
  queryKey: ['/api/projects'] as const,
  queryFn: getQueryFn<{ id: string }[]>({ on401: 'throw' }),
  staleTime: 3 * 60_000,
  gcTime: 30 * 60_000,
});

/** Project data is requested for Core members and admins only (spec 1 section 6). */
export function useProjects({ enabled }: { enabled: boolean }) {
  return useQuery({ ...projectsQueryOptions, enabled });
}
