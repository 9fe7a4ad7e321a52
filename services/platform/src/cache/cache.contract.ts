import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Cache } from './cache.ts';

// Redis expires keys to the millisecond; 100 ms of slack is plenty on a quiet machine.
const JUST_PAST_ONE_SECOND_MS = 1_100;

/**
 * What every Cache must do, run against each implementation. Tests share one cache and run
 * concurrently, each on keys of its own, so the TTL waits overlap instead of adding up.
 */
export function describeCacheContract(name: string, makeCache: () => Promise<Cache>): void {
  describe.concurrent(`${name} cache`, () => {
    let cache: Cache;
    const usedKeys: string[] = [];
    const freshKey = (label: string) => {
      const key = `contract:${label}:${randomUUID()}`;
      usedKeys.push(key);
      return key;
    };

    beforeAll(async () => {
      cache = await makeCache();
    });

    afterAll(async () => {
      if (!cache) return;
      await Promise.all(usedKeys.map((key) => cache.delete(key)));
      await cache.close();
    });

    it('returns null for a key never set', async ({ expect }) => {
      expect(await cache.get(freshKey('never-set'))).toBeNull();
    });

    it('returns what was set until it is deleted', async ({ expect }) => {
      const key = freshKey('get-set-delete');
      await cache.set(key, 'first');
      await cache.set(key, 'second');
      expect(await cache.get(key)).toBe('second');
      await cache.delete(key);
      expect(await cache.get(key)).toBeNull();
    });

    it('forgets a value once its TTL has passed', async ({ expect }) => {
      const key = freshKey('ttl');
      await cache.set(key, 'short-lived', { ttlSeconds: 1 });
      expect(await cache.get(key)).toBe('short-lived');
      await sleep(JUST_PAST_ONE_SECOND_MS);
      expect(await cache.get(key)).toBeNull();
    });

    it('starts a counter at the increment and adds later increments to it', async ({ expect }) => {
      const key = freshKey('counter');
      expect(await cache.increment(key)).toBe(1);
      expect(await cache.increment(key, { by: 5 })).toBe(6);
      expect(await cache.get(key)).toBe('6');
    });

    it('gives a counter its TTL when created and does not extend it on later increments', async ({ expect }) => {
      const key = freshKey('counter-ttl');
      await cache.increment(key, { ttlSeconds: 1 });
      await sleep(JUST_PAST_ONE_SECOND_MS / 2);
      expect(await cache.increment(key, { ttlSeconds: 1 })).toBe(2);
      await sleep(JUST_PAST_ONE_SECOND_MS / 2);
      expect(await cache.get(key)).toBeNull();
    });

    it('counts 100 concurrent increments exactly once each', async ({ expect }) => {
      const key = freshKey('concurrent');
      const results = await Promise.all(Array.from({ length: 100 }, () => cache.increment(key, { ttlSeconds: 60 })));
      expect(new Set(results).size).toBe(100);
      expect(Math.max(...results)).toBe(100);
      expect(await cache.get(key)).toBe('100');
    });

    it('refuses to increment a value that is not an integer', async ({ expect }) => {
      const key = freshKey('not-a-number');
      await cache.set(key, 'hello');
      await expect(cache.increment(key)).rejects.toThrow(/not an integer/);
    });

    it('keeps each set member once and forgets removed ones', async ({ expect }) => {
      const key = freshKey('set');
      await cache.addToSet(key, 'ada');
      await cache.addToSet(key, 'grace');
      await cache.addToSet(key, 'ada');
      await cache.removeFromSet(key, 'grace');
      await cache.removeFromSet(key, 'never-added');
      expect(await cache.setMembers(key)).toEqual(['ada']);
      await cache.removeFromSet(key, 'ada');
      expect(await cache.setMembers(key)).toEqual([]);
    });

    it('lists no members for a set never written', async ({ expect }) => {
      expect(await cache.setMembers(freshKey('no-set'))).toEqual([]);
    });

    it('reports healthy while open and unhealthy once closed', async ({ expect }) => {
      const ownCache = await makeCache();
      expect(await ownCache.isHealthy()).toBe(true);
      await ownCache.close();
      expect(await ownCache.isHealthy()).toBe(false);
    });
  });
}
