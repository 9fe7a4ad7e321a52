import { authRoutes } from '@crucible/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { TWO_FACTOR_STATUS_KEY } from './security-query-keys.ts';

export const getTwoFactorStatus = () => callRoute(authRoutes.twoFactorStatus, {});

export const twoFactorStatusQueryOptions = queryOptions({
  queryKey: TWO_FACTOR_STATUS_KEY,
  queryFn: getTwoFactorStatus,
});

export function useTwoFactorStatus(enabled = true) {
  return useQuery({ ...twoFactorStatusQueryOptions, enabled });
}
