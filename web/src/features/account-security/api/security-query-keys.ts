import { authRoutes } from '@crucible/proto';
import { routeQueryKey } from '../../../lib/api-client.ts';

/** Query keys of the member's own security settings, derived from the routes that read them. */
export const TWO_FACTOR_STATUS_KEY = routeQueryKey(authRoutes.twoFactorStatus);
export const SESSIONS_KEY = routeQueryKey(authRoutes.listSessions);
export const SECURITY_POLICY_KEY = routeQueryKey(authRoutes.getSecurityPolicy);
export const PASSKEYS_KEY = routeQueryKey(authRoutes.listPasskeys);
export const ACCOUNT_DELETION_STATUS_KEY = routeQueryKey(authRoutes.accountDeletionStatus);
