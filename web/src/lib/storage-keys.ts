/** Local-storage keys, product-named so they cannot clash with another app on the same origin. */
export const STORAGE_KEYS = {
  authToken: 'crucible_auth_token',
  theme: 'crucible_theme',
} as const;
