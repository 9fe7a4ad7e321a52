import { describe, expect, it } from 'vitest';
import type { BroadcastOf, SessionPrincipal } from '@crucible/proto';
import { BROADCASTS } from '@crucible/proto';
import { createMemoryCache } from '../cache/memory-cache.ts';
import type { Cache } from '../cache/cache.ts';
import { ServiceUnavailableError } from '../errors/http-errors.ts';
import type { EventBus } from '../events/event-bus.ts';
import { LOCAL_SESSION_TTL_MS, createSessionLookup, type SessionSource } from './session-lookup.ts';

const principal = (sessionId: string): SessionPrincipal => ({
  userId: '00000000-0000-4000-8000-000000000001',
  sessionId,
  accessLevel: 'Journeyman',
  isAdmin: false,
  isModerator: false,
  emailVerified: true,
});

/** A cache and a session source that can be taken away, and a broadcast channel the test drives. */
function outageRig() {
  const memory = createMemoryCache();
  const state = { cacheUp: true, sourceUp: true, now: 0 };
  const away = () => Promise.reject(new Error('connection refused'));
  const cache: Cache = {
    ...memory,
    get: (key) => (state.cacheUp ? memory.get(key) : away()),
    set: (key, value, options) => (state.cacheUp ? memory.set(key, value, options) : away()),
  };
  const sessions = new Map<string, SessionPrincipal>();
  const source: SessionSource = async (sessionId) => {
    if (!state.sourceUp) throw new Error('no responders');
    return sessions.get(sessionId) ?? null;
  };
  let broadcast: (payload: BroadcastOf<typeof BROADCASTS.sessionChanged>) => void = () => {};
  const bus: Pick<EventBus, 'subscribeBroadcast'> = {
    async subscribeBroadcast(subject, handler) {
      expect(subject).toBe(BROADCASTS.sessionChanged);
      broadcast = (payload) => handler(payload as BroadcastOf<typeof subject>, subject);
      return { stop: async () => {} };
    },
  };
  const lookup = createSessionLookup(cache, bus, source);
  return { state, sessions, lookup, revoke: (sessionId: string) => broadcast({ sessionId, principal: null }) };
}

/** Lets the in-memory copy lapse, as after LOCAL_SESSION_TTL_MS, without waiting for it. */
async function afterLocalCopyLapses<T>(work: () => Promise<T>): Promise<T> {
  const realNow = performance.now.bind(performance);
  const shift = LOCAL_SESSION_TTL_MS + 1_000;
  performance.now = () => realNow() + shift;
  // lru-cache reuses its clock reading for a millisecond.
  await new Promise((resolve) => setTimeout(resolve, 5));
  try {
    return await work();
  } finally {
    performance.now = realNow;
  }
}

describe('the session lookup during cache and broker outages', () => {
  it('keeps a session it has seen valid while Redis and the broker are both away', async () => {
    const rig = outageRig();
    rig.sessions.set('s1', principal('s1'));
    await Promise.resolve();
    expect(await rig.lookup('s1')).toEqual(principal('s1'));
    rig.state.cacheUp = false;
    rig.state.sourceUp = false;
    expect(await afterLocalCopyLapses(() => rig.lookup('s1'))).toEqual(principal('s1'));
  });

  it('asks the source when only Redis is away', async () => {
    const rig = outageRig();
    rig.sessions.set('s2', principal('s2'));
    rig.state.cacheUp = false;
    expect(await rig.lookup('s2')).toEqual(principal('s2'));
  });

  it('answers 503, not a sign-out, for a session it has never seen while both are away', async () => {
    const rig = outageRig();
    rig.state.cacheUp = false;
    rig.state.sourceUp = false;
    await expect(rig.lookup('unknown')).rejects.toBeInstanceOf(ServiceUnavailableError);
  });

  it('still applies a revocation that arrives during the outage', async () => {
    const rig = outageRig();
    rig.sessions.set('s3', principal('s3'));
    await Promise.resolve();
    expect(await rig.lookup('s3')).toEqual(principal('s3'));
    rig.state.cacheUp = false;
    rig.state.sourceUp = false;
    rig.revoke('s3');
    expect(await rig.lookup('s3')).toBeNull();
    await expect(afterLocalCopyLapses(() => rig.lookup('s3'))).rejects.toBeInstanceOf(ServiceUnavailableError);
  });
});
