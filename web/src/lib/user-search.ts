import { LIMITS, type AccessLevel, type UserSummary } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-request.ts';

/** The member directory search (Create New Message, the forum's @-mention picker): debounced, 2 characters. */
export const USER_SEARCH_DEBOUNCE_MS = 300;

/** `minAccessLevel`: only the members who can read what is posted at that level (and admins). */
export interface UserSearchFilter {
  minAccessLevel?: AccessLevel;
}

export const userSearchKey = (text: string, filter: UserSearchFilter = {}) =>
  ['/api/users', 'search', text, filter] as const;

export async function searchUsers(text: string, { minAccessLevel }: UserSearchFilter = {}): Promise<UserSummary[]> {
  const query = new URLSearchParams({ q: text, ...(minAccessLevel ? { minAccessLevel } : {}) });
  const response = await apiRequest('GET', `/api/users/search?${query.toString()}`);
  return (await response.json()) as UserSummary[];
}

export const userSearchQueryOptions = (text: string, filter: UserSearchFilter = {}) =>
  queryOptions({ queryKey: userSearchKey(text, filter), queryFn: () => searchUsers(text, filter) });

/** Runs only once the (already debounced) text has the spec's 2 characters. */
export function useUserSearch(text: string, filter: UserSearchFilter = {}) {
  const trimmed = text.trim();
  return useQuery({
    ...userSearchQueryOptions(trimmed, filter),
    enabled: trimmed.length >= LIMITS.userSearch.minChars,
  });
}
