import { useQuery } from '@tanstack/react-query';
import { currentUserQueryOptions } from '../../../lib/current-member.ts';

export { CURRENT_USER_QUERY_KEY, currentUserQueryOptions, getCurrentUser } from '../../../lib/current-member.ts';

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions);
}
