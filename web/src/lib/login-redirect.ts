import { LIMITS } from '@crucible/proto';

/** The external (single-sign-on) login: a full-page navigation, since it leaves the app for the identity provider. */
export const EXTERNAL_LOGIN_PATH = '/api/login';

/** After an unauthorized error the member first reads the toast, then is sent to log in again. */
export function redirectToLoginSoon(): void {
  window.setTimeout(() => window.location.assign(EXTERNAL_LOGIN_PATH), LIMITS.unauthorizedRedirectDelayMs);
}
