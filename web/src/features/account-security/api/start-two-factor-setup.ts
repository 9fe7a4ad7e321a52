import { authRoutes } from '@crucible/proto';
import { useMutation } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

/** A new secret and its QR code; nothing changes on the account until a code confirms it. */
export const startTwoFactorSetup = () => callRoute(authRoutes.startTwoFactorSetup, {});

export function useStartTwoFactorSetup() {
  return useMutation({ mutationFn: startTwoFactorSetup });
}
