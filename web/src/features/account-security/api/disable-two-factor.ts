import { authRoutes, type TwoFactorDisableRequest } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { TWO_FACTOR_STATUS_KEY } from './security-query-keys.ts';

export const disableTwoFactor = (body: TwoFactorDisableRequest) => callRoute(authRoutes.disableTwoFactor, { body });

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TWO_FACTOR_STATUS_KEY }),
  });
}
