/** Local-storage keys, product-named so they cannot clash with another app on the same origin. */
export const STORAGE_KEYS = {
  authToken: 'crucible_auth_token',
  theme: 'crucible_theme',
  /** Session storage: the one-time state of the external login this tab started. */
  externalLoginState: 'crucible_external_login_state',
} as const;
