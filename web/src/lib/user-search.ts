import { LIMITS, type UserSummary } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-request.ts';

/** The member directory search (Create New Message, the forum's @-mention picker): debounced, 2 characters. */
export const USER_SEARCH_DEBOUNCE_MS = 300;
export const userSearchKey = (text: string) => ['/api/users', 'search', text] as const;

export async function searchUsers(text: string): Promise<UserSummary[]> {
  const response = await apiRequest('GET', `/api/users/search?${new URLSearchParams({ q: text }).toString()}`);
  return (await response.json()) as UserSummary[];
}

export const userSearchQueryOptions = (text: string) =>
  queryOptions({ queryKey: userSearchKey(text), queryFn: () => searchUsers(text) });

/** Runs only once the (already debounced) text has the spec's 2 characters. */
export function useUserSearch(text: string) {
  const trimmed = text.trim();
  return useQuery({ ...userSearchQueryOptions(trimmed), enabled: trimmed.length >= LIMITS.userSearch.minChars });
}
