import type { Cache } from './cache.ts';

interface Entry {
  value: string | Set<string>;
  /** Epoch milliseconds; null keeps the entry until it is deleted or overwritten. */
  expiresAt: number | null;
}

export interface MemoryCacheOptions {
  /** How often expired entries nobody reads again are dropped; reads drop them too. */
  sweepIntervalMs?: number;
}

// The same words Redis uses, so callers see one error whichever cache they run on.
const WRONG_TYPE = 'WRONGTYPE Operation against a key holding the wrong kind of value';
const NOT_AN_INTEGER = 'ERR value is not an integer or out of range';

function expiryFrom(ttlSeconds: number | undefined): number | null {
  return ttlSeconds === undefined ? null : Date.now() + ttlSeconds * 1000;
}

function isExpired(entry: Entry, now: number): boolean {
  return entry.expiresAt !== null && entry.expiresAt <= now;
}

function stringValue(entry: Entry | undefined): string | null {
  if (entry === undefined) return null;
  if (typeof entry.value !== 'string') throw new Error(WRONG_TYPE);
  return entry.value;
}

function setValue(entry: Entry | undefined): Set<string> | undefined {
  if (entry === undefined) return undefined;
  if (typeof entry.value === 'string') throw new Error(WRONG_TYPE);
  return entry.value;
}

function parseCounter(value: string): number {
  const counter = Number(value);
  if (!Number.isSafeInteger(counter) || String(counter) !== value) throw new Error(NOT_AN_INTEGER);
  return counter;
}

export interface MemoryCache extends Cache {
  readonly kind: 'memory';
  /** Entries held, counting expired ones not yet swept (for metrics and tests). */
  readonly entryCount: number;
}

/** The one-process stand-in for Redis: same semantics, nothing shared between processes. */
export function createMemoryCache(options: MemoryCacheOptions = {}): MemoryCache {
  const entries = new Map<string, Entry>();
  let isClosed = false;

  const liveEntry = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry && isExpired(entry, Date.now())) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };

  const sweepExpired = () => {
    const now = Date.now();
    for (const [key, entry] of entries) if (isExpired(entry, now)) entries.delete(key);
  };
  // unref: a forgotten cache must not keep the process alive.
  const sweepTimer = setInterval(sweepExpired, options.sweepIntervalMs ?? 60_000).unref();

  return {
    kind: 'memory',
    location: 'in-process memory',
    keyPrefix: '',

    get entryCount() {
      return entries.size;
    },

    async get(key) {
      return stringValue(liveEntry(key));
    },

    async set(key, value, setOptions) {
      entries.set(key, { value, expiresAt: expiryFrom(setOptions?.ttlSeconds) });
    },

    async delete(key) {
      entries.delete(key);
    },

    async increment(key, incrementOptions) {
      const entry = liveEntry(key);
      const current = stringValue(entry);
      const next = (current === null ? 0 : parseCounter(current)) + (incrementOptions?.by ?? 1);
      entries.set(key, {
        value: String(next),
        expiresAt: entry ? entry.expiresAt : expiryFrom(incrementOptions?.ttlSeconds),
      });
      return next;
    },

    async addToSet(key, member) {
      const members = setValue(liveEntry(key));
      if (members) members.add(member);
      else entries.set(key, { value: new Set([member]), expiresAt: null });
    },

    async removeFromSet(key, member) {
      const members = setValue(liveEntry(key));
      members?.delete(member);
      // Redis drops a set once its last member leaves; keep the two alike.
      if (members?.size === 0) entries.delete(key);
    },

    async setMembers(key) {
      return [...(setValue(liveEntry(key)) ?? [])];
    },

    async isHealthy() {
      return !isClosed;
    },

    async close() {
      clearInterval(sweepTimer);
      entries.clear();
      isClosed = true;
    },
  };
}
