import { BROADCASTS, RPC, sessionPrincipalSchema, type BroadcastOf, type SessionPrincipal } from '@crucible/proto';
import type { JSONWebKeySet } from 'jose';
import { LRUCache } from 'lru-cache';
import type { Cache } from '../cache/cache.ts';
import { ServiceUnavailableError } from '../errors/http-errors.ts';
import type { EventBus } from '../events/event-bus.ts';
import { createTokenVerifier, type TokenVerifier } from './token-verifier.ts';

const REVOKED = 'revoked';
const CACHE_AWAY = Symbol('cache unreachable');
export const SESSION_CACHE_TTL_SECONDS = 300;
const RPC_TIMEOUT_MS = 2000;
/** Sessions kept in each verifier's memory; a member's requests repeat the same session. */
const LOCAL_SESSIONS_KEPT = 50_000;
/**
 * How long a verifier trusts its own copy. Changes arrive by broadcast within milliseconds; this
 * bounds the damage of one missed while the broker was unreachable.
 */
export const LOCAL_SESSION_TTL_MS = 30_000;
/**
 * How long a verifier keeps a session it has seen valid, to serve it while Redis and auth (over NATS)
 * are both unreachable. A revocation broadcast still removes it at once; one sent during the outage
 * is missed, so a revoked session can be served for up to this long (deploy/RUNBOOK.md states it).
 */
export const OUTAGE_SESSION_TTL_MS = 15 * 60_000;
/** The answer when neither the shared levels nor this process can vouch for a session. */
export const SESSION_CHECK_UNAVAILABLE = 'Your sign-in cannot be checked right now. Please try again shortly.';

export type SessionSource = (sessionId: string) => Promise<SessionPrincipal | null>;

type SessionChange = BroadcastOf<typeof BROADCASTS.sessionChanged>;
/**
 * The lookups of this process by the bus they listen on. A change written here applies to them at
 * once: the broadcast reaches this process too, but a few milliseconds later, and the member's very
 * next request (a reload after signing out) must already see it.
 */
const lookupsByBus = new WeakMap<object, Set<(change: SessionChange) => void>>();

export function sessionCacheKey(sessionId: string): string {
  return `session:${sessionId}`;
}

/**
 * Auth writes the session's current principal (or its revocation) to the shared cache, then tells
 * every verifier's memory, so a change applies everywhere at once without a read per request.
 */
export async function writeSessionToCache(
  cache: Cache,
  bus: Pick<EventBus, 'broadcast'>,
  sessionId: string,
  principal: SessionPrincipal | null,
): Promise<void> {
  await cache.set(sessionCacheKey(sessionId), principal ? JSON.stringify(principal) : REVOKED, {
    ttlSeconds: SESSION_CACHE_TTL_SECONDS,
  });
  // With the broker down the notice is lost, not the change: Redis has it, and each verifier's own
  // copy expires within LOCAL_SESSION_TTL_MS. Sign-out and the like must not fail for it.
  for (const apply of lookupsByBus.get(bus) ?? []) apply({ sessionId, principal });
  await bus.broadcast(BROADCASTS.sessionChanged, { sessionId, principal }).catch(() => undefined);
}

/**
 * Read-through session lookup in two levels: this process's memory, kept current by auth's
 * broadcasts, then the shared cache, then the source of truth (auth's database, asked over the bus by
 * other services), whose answer is cached for the next request. Stops listening when the bus closes.
 */
export function createSessionLookup(
  cache: Cache,
  bus: Pick<EventBus, 'subscribeBroadcast'>,
  source: SessionSource,
): SessionSource {
  // `null` is a known revocation: a replayed revoked token must not reach Redis either.
  const local = new LRUCache<string, { principal: SessionPrincipal | null }>({
    max: LOCAL_SESSIONS_KEPT,
    ttl: LOCAL_SESSION_TTL_MS,
    ttlAutopurge: false,
  });
  // The last valid answer per session, kept longer than `local` for outages of the shared levels.
  const lastValid = new LRUCache<string, SessionPrincipal>({
    max: LOCAL_SESSIONS_KEPT,
    ttl: OUTAGE_SESSION_TTL_MS,
    ttlAutopurge: false,
  });
  // Until the listener is in place a change could pass unseen, so nothing is kept in memory before.
  let listening = false;
  // Sessions being read from the shared levels right now, and by how many requests.
  const reading = new Map<string, number>();
  const apply = ({ sessionId, principal }: SessionChange) => {
    // Kept when known here or being read: a read in flight must not store the older value it fetched.
    // Other sessions (every sign-in anywhere) stay out of this process's memory.
    if (local.has(sessionId) || reading.has(sessionId)) local.set(sessionId, { principal });
    if (!principal) lastValid.delete(sessionId);
    else if (lastValid.has(sessionId)) lastValid.set(sessionId, principal);
  };
  const sameProcess = lookupsByBus.get(bus) ?? new Set();
  sameProcess.add(apply);
  lookupsByBus.set(bus, sameProcess);
  void bus.subscribeBroadcast(BROADCASTS.sessionChanged, apply).then(
    () => (listening = true),
    () => undefined,
  );

  /** Redis, else the source; a Redis that is away is skipped rather than failing the lookup. */
  async function fromSharedLevels(sessionId: string): Promise<SessionPrincipal | null> {
    const cached = await cache.get(sessionCacheKey(sessionId)).catch(() => CACHE_AWAY);
    if (cached === REVOKED) return null;
    if (typeof cached === 'string' && cached) return sessionPrincipalSchema.parse(JSON.parse(cached));
    const principal = await source(sessionId);
    if (cached !== CACHE_AWAY)
      await cache
        .set(sessionCacheKey(sessionId), principal ? JSON.stringify(principal) : REVOKED, {
          ttlSeconds: SESSION_CACHE_TTL_SECONDS,
        })
        .catch(() => undefined);
    return principal;
  }

  /** Neither Redis nor the source answered: a session seen valid stays valid, anything else is a 503. */
  function duringOutage(sessionId: string, error: unknown): SessionPrincipal {
    const known = lastValid.get(sessionId);
    if (known) return known;
    throw new ServiceUnavailableError(SESSION_CHECK_UNAVAILABLE, { cause: error });
  }

  return async (sessionId) => {
    const remembered = local.get(sessionId);
    if (remembered) return remembered.principal;
    reading.set(sessionId, (reading.get(sessionId) ?? 0) + 1);
    let principal: SessionPrincipal | null;
    try {
      principal = await fromSharedLevels(sessionId);
    } catch (error) {
      return duringOutage(sessionId, error);
    } finally {
      const readers = reading.get(sessionId)! - 1;
      if (readers === 0) reading.delete(sessionId);
      else reading.set(sessionId, readers);
    }
    // A broadcast that arrived during the read is newer than what the read found.
    const arrived = local.get(sessionId);
    if (arrived) return arrived.principal;
    if (listening) local.set(sessionId, { principal });
    if (principal) lastValid.set(sessionId, principal);
    else lastValid.delete(sessionId);
    return principal;
  };
}

/** Services other than auth ask auth for a session over the bus. */
export function askAuthForSession(bus: EventBus): SessionSource {
  return async (sessionId) => {
    return bus.request(RPC.authSession, { sessionId }, { timeoutMs: RPC_TIMEOUT_MS });
  };
}

/** Services other than auth fetch auth's public keys over the bus. */
export function askAuthForKeys(bus: EventBus): () => Promise<JSONWebKeySet> {
  return () => bus.request(RPC.authJwks, {}, { timeoutMs: RPC_TIMEOUT_MS });
}

/**
 * The verifier every service but auth uses: auth's keys and live sessions over the bus, sessions
 * read through the shared cache.
 */
export function createRemoteTokenVerifier(deps: {
  bus: EventBus;
  cache: Cache;
  issuer: string;
  audience: string;
}): TokenVerifier {
  return createTokenVerifier({
    issuer: deps.issuer,
    audience: deps.audience,
    loadKeys: askAuthForKeys(deps.bus),
    loadSession: createSessionLookup(deps.cache, deps.bus, askAuthForSession(deps.bus)),
  });
}
