import { randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import { BadRequestError, ServiceUnavailableError, type Cache } from '@crucible/platform';

/** What we learn of a member from the external provider. */
export interface ExternalIdentity {
  subject: string;
  email: string;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  /** From the development provider, which vouches for any e-mail typed into its form. */
  fromDevelopmentProvider: boolean;
}

/** A finished login: who signed in, and the browser's own state from `start`, to hand back to it. */
export interface FinishedLogin {
  identity: ExternalIdentity;
  browserState: string | undefined;
}

export interface OidcLogin {
  /**
   * A new login attempt: the provider's authorization URL and the state it carries (PKCE verifier
   * kept server-side). `browserState` is the web app's one-time value, handed back by `finish`.
   */
  start(browserState?: string): Promise<{ url: string; state: string }>;
  /** Completes the code exchange for the URL the provider redirected back to. */
  finish(callbackUrl: URL): Promise<FinishedLogin>;
}

const ATTEMPT_TTL_SECONDS = 600;
const attemptKey = (state: string) => `oidc:attempt:${state}`;

interface Attempt {
  codeVerifier: string;
  browserState?: string;
}

export function createOidcLogin(options: {
  issuerUrl: string;
  clientId: string;
  clientSecret?: string;
  redirectUri: string;
  cache: Cache;
  development?: boolean;
}): OidcLogin {
  let discovered: Promise<oidc.Configuration> | undefined;

  function configuration(): Promise<oidc.Configuration> {
    discovered ??= oidc
      .discovery(new URL(options.issuerUrl), options.clientId, options.clientSecret, undefined, {
        // Plain http is for the one-machine dev provider on localhost only.
        execute: new URL(options.issuerUrl).protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        discovered = undefined;
        throw new ServiceUnavailableError(`The sign-in provider is unavailable (${(error as Error).message})`);
      });
    return discovered;
  }

  return {
    async start(browserState) {
      const config = await configuration();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = randomBytes(24).toString('base64url');
      const attempt: Attempt = { codeVerifier, browserState };
      await options.cache.set(attemptKey(state), JSON.stringify(attempt), { ttlSeconds: ATTEMPT_TTL_SECONDS });
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: options.redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
      }).href;
      return { url, state };
    },
    async finish(callbackUrl) {
      const state = callbackUrl.searchParams.get('state');
      const stored = state ? await options.cache.get(attemptKey(state)) : null;
      if (!state || !stored) throw new BadRequestError('The sign-in attempt expired or is unknown. Please try again.');
      await options.cache.delete(attemptKey(state));
      const { codeVerifier, browserState } = JSON.parse(stored) as Attempt;
      const config = await configuration();
      let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
      try {
        tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: codeVerifier,
          expectedState: state,
        });
      } catch (error) {
        throw new BadRequestError(`External sign-in failed: ${(error as Error).message}`);
      }
      const claims = tokens.claims();
      if (!claims) throw new BadRequestError('External sign-in failed: no identity returned');
      const userInfo = tokens.access_token
        ? await oidc.fetchUserInfo(config, tokens.access_token, claims.sub).catch(() => undefined)
        : undefined;
      const merged = { ...userInfo, ...claims };
      if (typeof merged.email !== 'string')
        throw new BadRequestError('External sign-in failed: the provider shared no email address');
      const identity: ExternalIdentity = {
        subject: claims.sub,
        email: merged.email.trim().toLowerCase(),
        emailVerified: merged.email_verified === true,
        firstName: typeof merged.given_name === 'string' ? merged.given_name : null,
        lastName: typeof merged.family_name === 'string' ? merged.family_name : null,
        fromDevelopmentProvider: options.development === true,
      };
      return { identity, browserState };
    },
  };
}
