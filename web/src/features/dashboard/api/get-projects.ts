import { projectRoutes } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute, routeQueryKey } from '../../../lib/api-client.ts';

/** Only the count is shown; the entry is the projects list the projects page reads. */
export const projectsQueryOptions = queryOptions({
  queryKey: routeQueryKey(projectRoutes.listProjects),
  queryFn: () => callRoute(projectRoutes.listProjects, {}),
  staleTime: 3 * 60_000,
  gcTime: 30 * 60_000,
});

/** Project data is requested for Core members and admins only. */
export function useProjects({ enabled }: { enabled: boolean }) {
  return useQuery({ ...projectsQueryOptions, enabled });
}
