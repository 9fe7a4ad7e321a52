import { authRoutes, LIMITS, routeUrl } from '@crucible/proto';
import { STORAGE_KEYS } from './storage-keys.ts';

/** The external (single-sign-on) login: a full-page navigation, since it leaves the app for the identity provider. */
export const EXTERNAL_LOGIN_PATH = authRoutes.oidcLogin.path;

/** After an unauthorized error the member first reads the toast, then is sent to log in again. */
export function redirectToLoginSoon(): void {
  window.setTimeout(() => window.location.assign(startExternalLogin()), LIMITS.unauthorizedRedirectDelayMs);
}

function randomState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * The URL that starts an external login from this tab. Its one-time state stays in session storage
 * and comes back in /auth/callback?state=, which is how the callback knows this tab asked: a link to
 * /auth/callback?token= made by someone else must not sign the member into another account.
 */
export function startExternalLogin(): string {
  const state = randomState();
  sessionStorage.setItem(STORAGE_KEYS.externalLoginState, state);
  return routeUrl(authRoutes.oidcLogin, { query: { state } });
}

/** True when `received` is the state this tab stored; the stored state is used up either way. */
export function consumeExternalLoginState(received: string | null): boolean {
  const expected = sessionStorage.getItem(STORAGE_KEYS.externalLoginState);
  sessionStorage.removeItem(STORAGE_KEYS.externalLoginState);
  return expected !== null && expected === received;
}
