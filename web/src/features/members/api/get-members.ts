import { profileRoutes, type MemberDirectory, type MemberDirectoryQuery } from '@crucible/proto';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute, routeQueryKey } from '../../../lib/api-client.ts';

/** Keys derive from the route (routeQueryKey); a directory page is keyed by its whole query. */
export const MEMBERS_KEY = routeQueryKey(profileRoutes.listMembers);
export const membersKey = (query: MemberDirectoryQuery) => routeQueryKey(profileRoutes.listMembers, { query });

/** Names, pictures and privacy change rarely: a page is fresh for a minute. */
const MEMBERS_STALE_MS = 60_000;

/** One page of the member directory. */
export function getMembers(query: MemberDirectoryQuery): Promise<MemberDirectory> {
  return callRoute(profileRoutes.listMembers, { query });
}

export const membersQueryOptions = (query: MemberDirectoryQuery) =>
  queryOptions({
    queryKey: membersKey(query),
    queryFn: () => getMembers(query),
    staleTime: MEMBERS_STALE_MS,
    // The page shown stays while the next search or page loads, so the grid does not jump.
    placeholderData: keepPreviousData,
  });

export function useMembers(query: MemberDirectoryQuery) {
  return useQuery(membersQueryOptions(query));
}
