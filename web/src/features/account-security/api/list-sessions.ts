import { authRoutes } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { SESSIONS_KEY } from './security-query-keys.ts';

export const listSessions = () => callRoute(authRoutes.listSessions, {});

export const sessionsQueryOptions = queryOptions({ queryKey: SESSIONS_KEY, queryFn: listSessions });

export function useSessions() {
  return useQuery(sessionsQueryOptions);
}
