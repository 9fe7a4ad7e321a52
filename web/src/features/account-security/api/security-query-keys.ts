/** Query keys of the member's own security settings. */
export const TWO_FACTOR_STATUS_KEY = ['/api/auth', 'two-factor'] as const;
export const SESSIONS_KEY = ['/api/auth', 'sessions'] as const;
export const SECURITY_POLICY_KEY = ['/api/admin', 'security-policy'] as const;
export const PASSKEYS_KEY = ['/api/auth', 'passkeys'] as const;
export const ACCOUNT_DELETION_STATUS_KEY = ['/api/auth', 'account-deletion'] as const;
