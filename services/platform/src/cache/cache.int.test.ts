import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../logging/logger.ts';
import { TEST_SERVICES, notRunningMessage } from '@crucible/test-kit';
import { describeCacheContract } from './cache.contract.ts';
import { createMemoryCache } from './memory-cache.ts';
import { createRedisCache, redactRedisUrl } from './redis-cache.ts';

const REDIS_URL = TEST_SERVICES.redis.url;

/** Each run writes under its own prefix, because other suites share this Redis. */
async function connectToTestRedis(keyPrefix = `test:cache:${randomUUID()}:`) {
  try {
    return await createRedisCache({ url: REDIS_URL, keyPrefix, logger: silentLogger });
  } catch (error) {
    throw new Error(notRunningMessage('redis', REDIS_URL, error), { cause: error });
  }
}

describeCacheContract('redis', () => connectToTestRedis());
describeCacheContract('memory', async () => createMemoryCache());

describe('redis cache', () => {
  it('writes every key under its prefix', async () => {
    const keyPrefix = `test:cache:${randomUUID()}:`;
    const cache = await connectToTestRedis(keyPrefix);
    try {
      await cache.set('greeting', 'hello');
      expect(await cache.redisClient.get(`${keyPrefix}greeting`)).toBe('hello');
    } finally {
      await cache.delete('greeting');
      await cache.close();
    }
  });

  it('fails to start, naming the cause, when Redis is unreachable', async () => {
    await expect(createRedisCache({ url: 'redis://127.0.0.1:1', logger: silentLogger })).rejects.toThrow(
      /ECONNREFUSED/,
    );
  });

  it('keeps the password out of its location', () => {
    expect(redactRedisUrl('redis://app:s3cret@redis.internal:6379/0')).toBe('redis://app:***@redis.internal:6379/0');
  });
});

describe('memory cache', () => {
  it('drops expired entries on its periodic sweep without being read', async () => {
    vi.useFakeTimers();
    try {
      const cache = createMemoryCache({ sweepIntervalMs: 60_000 });
      await cache.set('brief', 'value', { ttlSeconds: 1 });
      await cache.set('lasting', 'value');
      await vi.advanceTimersByTimeAsync(60_000);
      expect(cache.entryCount).toBe(1);
      await cache.close();
    } finally {
      vi.useRealTimers();
    }
  });
});
