import { authRoutes } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { TWO_FACTOR_STATUS_KEY } from './security-query-keys.ts';

export const regenerateRecoveryCodes = (code: string) =>
  callRoute(authRoutes.regenerateRecoveryCodes, { body: { code } });

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TWO_FACTOR_STATUS_KEY }),
  });
}
