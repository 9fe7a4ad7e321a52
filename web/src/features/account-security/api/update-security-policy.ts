import { authRoutes } from '@crucible/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { SECURITY_POLICY_KEY, TWO_FACTOR_STATUS_KEY } from './security-query-keys.ts';

export const updateSecurityPolicy = (requireTwoFactorForStaff: boolean) =>
  callRoute(authRoutes.updateSecurityPolicy, { body: { requireTwoFactorForStaff } });

export function useUpdateSecurityPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSecurityPolicy,
    onSuccess: async (policy) => {
      queryClient.setQueryData(SECURITY_POLICY_KEY, policy);
      await queryClient.invalidateQueries({ queryKey: TWO_FACTOR_STATUS_KEY });
    },
  });
}
