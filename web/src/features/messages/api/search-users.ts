import { LIMITS, type UserSummary } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-request.ts';
import { userSearchKey } from './message-query-keys.ts';

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
