import { authRoutes } from '@crucible/proto';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ACCOUNT_DELETION_STATUS_KEY } from './security-query-keys.ts';

/** The configured grace period and how the member can confirm (password, passkey). */
export const getAccountDeletionStatus = () => callRoute(authRoutes.accountDeletionStatus, {});

export function useAccountDeletionStatus() {
  return useQuery({ queryKey: ACCOUNT_DELETION_STATUS_KEY, queryFn: getAccountDeletionStatus });
}
