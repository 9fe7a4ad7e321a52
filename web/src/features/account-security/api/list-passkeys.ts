import { authRoutes } from '@crucible/proto';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { PASSKEYS_KEY } from './security-query-keys.ts';

export const listPasskeys = () => callRoute(authRoutes.listPasskeys, {});

export function usePasskeys() {
  return useQuery({ queryKey: PASSKEYS_KEY, queryFn: listPasskeys });
}
