import { authRoutes } from '@crucible/proto';
import { useMutation } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

export async function sendPasswordReset(id: string) {
  return callRoute(authRoutes.adminPasswordReset, { params: { id } });
}

export function useSendPasswordReset() {
  return useMutation({ mutationFn: sendPasswordReset });
}
