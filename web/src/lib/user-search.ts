import { authRoutes, LIMITS, type AccessLevel } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute, routeQueryKey } from './api-client.ts';

/** The member directory search (Create New Message, the forum's @-mention picker): debounced, 2 characters. */
export const USER_SEARCH_DEBOUNCE_MS = 300;

/** `minAccessLevel`: only the members who can read what is posted at that level (and admins). */
export interface UserSearchFilter {
  minAccessLevel?: AccessLevel;
}

const searchQuery = (text: string, { minAccessLevel }: UserSearchFilter) => ({ q: text, minAccessLevel });

export const userSearchKey = (text: string, filter: UserSearchFilter = {}) =>
  routeQueryKey(authRoutes.searchUsers, { query: searchQuery(text, filter) });

export const searchUsers = (text: string, filter: UserSearchFilter = {}) =>
  callRoute(authRoutes.searchUsers, { query: searchQuery(text, filter) });

export const userSearchQueryOptions = (text: string, filter: UserSearchFilter = {}) =>
  queryOptions({ queryKey: userSearchKey(text, filter), queryFn: () => searchUsers(text, filter) });

/** Runs only once the (already debounced) text has 2 characters. */
export function useUserSearch(text: string, filter: UserSearchFilter = {}) {
  const trimmed = text.trim();
  return useQuery({
    ...userSearchQueryOptions(trimmed, filter),
    enabled: trimmed.length >= LIMITS.userSearch.minChars,
  });
}
