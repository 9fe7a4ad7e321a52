import { authRoutes } from '@crucible/proto';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { SECURITY_POLICY_KEY } from './security-query-keys.ts';

export const getSecurityPolicy = () => callRoute(authRoutes.getSecurityPolicy, {});

export function useSecurityPolicy(enabled: boolean) {
  return useQuery({ queryKey: SECURITY_POLICY_KEY, queryFn: getSecurityPolicy, enabled });
}
