import { RPC, sessionPrincipalSchema, type SessionPrincipal } from '@crucible/proto';
import type { JSONWebKeySet } from 'jose';
import type { Cache } from '../cache/cache.ts';
import type { EventBus } from '../events/event-bus.ts';
import { createTokenVerifier, type TokenVerifier } from './token-verifier.ts';

const REVOKED = 'revoked';
export const SESSION_CACHE_TTL_SECONDS = 300;
const RPC_TIMEOUT_MS = 2000;

export type SessionSource = (sessionId: string) => Promise<SessionPrincipal | null>;

export function sessionCacheKey(sessionId: string): string {
  return `session:${sessionId}`;
}

/** Auth writes the session's current principal (or its revocation) so every verifier sees it at once. */
export async function writeSessionToCache(cache: Cache, sessionId: string, principal: SessionPrincipal | null): Promise<void> {
  await cache.set(sessionCacheKey(sessionId), principal ? JSON.stringify(principal) : REVOKED, { ttlSeconds: SESSION_CACHE_TTL_SECONDS });
}

/**
 * Read-through session lookup: the shared cache first, else the source of truth (auth's database,
 * asked over the bus by other services), whose answer is cached for the next request.
 */
export function createSessionLookup(cache: Cache, source: SessionSource): SessionSource {
  return async (sessionId) => {
    const cached = await cache.get(sessionCacheKey(sessionId));
    if (cached === REVOKED) return null;
    if (cached) return sessionPrincipalSchema.parse(JSON.parse(cached));
    const principal = await source(sessionId);
    await writeSessionToCache(cache, sessionId, principal);
    return principal;
  };
}

/** Services other than auth ask auth for a session over the bus. */
export function askAuthForSession(bus: EventBus): SessionSource {
  return async (sessionId) => {
    const answer = await bus.request<SessionPrincipal | null>(RPC.authSession, { sessionId }, { timeoutMs: RPC_TIMEOUT_MS });
    return answer ? sessionPrincipalSchema.parse(answer) : null;
  };
}

/** Services other than auth fetch auth's public keys over the bus. */
export function askAuthForKeys(bus: EventBus): () => Promise<JSONWebKeySet> {
  return () => bus.request<JSONWebKeySet>(RPC.authJwks, {}, { timeoutMs: RPC_TIMEOUT_MS });
}

/**
 * The verifier every service but auth uses: auth's keys and live sessions over the bus, sessions
 * read through the shared cache.
 */
export function createRemoteTokenVerifier(deps: { bus: EventBus; cache: Cache; issuer: string; audience: string }): TokenVerifier {
  return createTokenVerifier({
    issuer: deps.issuer,
    audience: deps.audience,
    loadKeys: askAuthForKeys(deps.bus),
    loadSession: createSessionLookup(deps.cache, askAuthForSession(deps.bus)),
  });
}
