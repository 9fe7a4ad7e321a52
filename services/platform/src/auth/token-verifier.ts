import { createLocalJWKSet, errors as joseErrors, jwtVerify, type JSONWebKeySet } from 'jose';
import { LRUCache } from 'lru-cache';
import { ACCESS_TOKEN_SESSION_CLAIM, type SessionPrincipal } from '@crucible/proto';
import { UnauthorizedError } from '../errors/http-errors.ts';

/** The one algorithm accepted; a token signed any other way is refused before its key is looked up. */
export const ACCESS_TOKEN_ALGORITHM = 'EdDSA';

export interface TokenVerifierOptions {
  issuer: string;
  audience: string;
  /** Fetches the signer's public keys (auth answers over the bus; auth itself reads them locally). */
  loadKeys: () => Promise<JSONWebKeySet>;
  /** The session as it is now: null when it is unknown, expired or revoked. */
  loadSession: (sessionId: string) => Promise<SessionPrincipal | null>;
  /** Minimum time between key reloads triggered by an unknown key id. */
  keyRefreshIntervalMs?: number;
}

/** What a token's signature proves; it cannot change for the same token, so it is remembered. */
interface VerifiedClaims {
  userId: string;
  sessionId: string;
}

const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * How far a token's `iat` may lie ahead of this clock: the hosts' clocks drift by a few seconds; a
 * token issued minutes from now was signed by a clock that is wrong or by someone minting tokens to
 * outlive a key rotation, and is refused.
 */
export const TOKEN_ISSUED_AT_SKEW_SECONDS = 60;

export interface TokenVerifier {
  verify(token: string): Promise<SessionPrincipal>;
}

export function createTokenVerifier(options: TokenVerifierOptions): TokenVerifier {
  const refreshInterval = options.keyRefreshIntervalMs ?? 30_000;
  let keySet: ReturnType<typeof createLocalJWKSet> | undefined;
  let loadedAt = 0;

  async function keys(forceReload: boolean) {
    if (!keySet || (forceReload && Date.now() - loadedAt > refreshInterval)) {
      keySet = createLocalJWKSet(await options.loadKeys());
      loadedAt = Date.now();
    }
    return keySet;
  }

  async function verifySignature(token: string) {
    const verifyWith = async (forceReload: boolean) =>
      jwtVerify(token, await keys(forceReload), {
        algorithms: [ACCESS_TOKEN_ALGORITHM],
        issuer: options.issuer,
        audience: options.audience,
        requiredClaims: ['exp', 'iat', 'sub', ACCESS_TOKEN_SESSION_CLAIM],
      });
    try {
      return await verifyWith(false);
    } catch (error) {
      // Keys rotate: an unknown key id earns one reload, rate-limited against floods of forged kids.
      if (error instanceof joseErrors.JWKSNoMatchingKey) return verifyWith(true);
      throw error;
    }
  }

  // A signature check costs ~0.2 ms of CPU; a member's requests repeat the same token, so each token
  // is checked once until it expires. The session is still looked up on every request (revocation).
  const verifiedTokens = new LRUCache<string, VerifiedClaims>({ max: VERIFIED_TOKENS_KEPT, ttlAutopurge: false });

  async function claimsOf(token: string): Promise<VerifiedClaims> {
    const remembered = verifiedTokens.get(token);
    if (remembered) return remembered;
    try {
      const { payload } = await verifySignature(token);
      if (payload.iat! > Date.now() / 1000 + TOKEN_ISSUED_AT_SKEW_SECONDS) throw new UnauthorizedError();
      const claims = { sessionId: String(payload[ACCESS_TOKEN_SESSION_CLAIM]), userId: String(payload.sub) };
      verifiedTokens.set(token, claims, { ttl: Math.max(1, payload.exp! * 1000 - Date.now()) });
      return claims;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) throw new UnauthorizedError();
      throw error;
    }
  }

  return {
    async verify(token) {
      const { sessionId, userId } = await claimsOf(token);
      const session = await options.loadSession(sessionId);
      if (!session || session.userId !== userId) throw new UnauthorizedError();
      return session;
    },
  };
}
