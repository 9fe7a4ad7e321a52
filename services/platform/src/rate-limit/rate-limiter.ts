import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Cache } from '../cache/cache.ts';
import { TooManyRequestsError } from '../errors/http-errors.ts';
import { rateLimitRefusals } from '../metrics/domain-metrics.ts';

export interface RateLimit {
  /** Counts one hit for `key`; throws TooManyRequestsError (429 with Retry-After) past the limit. */
  consume(key: string, points?: number): Promise<void>;
  /** Forgets a key (e.g. the per-account counter after a successful sign-in). */
  reset(key: string): Promise<void>;
  /** Throws TooManyRequestsError when `key` already used up its points, without counting a hit. */
  check(key: string): Promise<void>;
  /** Counts one hit for `key` without ever refusing (failures counted after the fact). */
  record(key: string): Promise<void>;
  /** The hits counted for `key` in the current window. */
  hits(key: string): Promise<number>;
}

export interface RateLimitRule {
  name: string;
  points: number;
  durationSeconds: number;
  /** How long a key stays blocked once over the limit; defaults to the rest of the window. */
  blockSeconds?: number;
  /** What the 429 says; the platform's generic text when unset. */
  message?: string;
}

/** Counters live in Redis when the cache is Redis, so every replica shares them. */
export function createRateLimit(cache: Cache, rule: RateLimitRule): RateLimit {
  const options = {
    keyPrefix: `${cache.keyPrefix}ratelimit:${rule.name}`,
    points: rule.points,
    duration: rule.durationSeconds,
    blockDuration: rule.blockSeconds ?? 0,
  };
  const limiter: RateLimiterAbstract = cache.redisClient
    ? new RateLimiterRedis({
        ...options,
        storeClient: cache.redisClient,
        useRedisPackage: true,
        insuranceLimiter: new RateLimiterMemory(options),
      })
    : new RateLimiterMemory(options);
  return {
    async consume(key, points = 1) {
      try {
        await limiter.consume(key, points);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          rateLimitRefusals.inc({ rule: rule.name });
          throw new TooManyRequestsError(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)), rule.message);
        }
        throw rejection;
      }
    },
    async reset(key) {
      await limiter.delete(key);
    },
    async check(key) {
      const state = await limiter.get(key);
      if (state && state.consumedPoints >= rule.points) {
        rateLimitRefusals.inc({ rule: rule.name });
        throw new TooManyRequestsError(Math.max(1, Math.ceil(state.msBeforeNext / 1000)), rule.message);
      }
    },
    async record(key) {
      await limiter.penalty(key, 1);
    },
    async hits(key) {
      return (await limiter.get(key))?.consumedPoints ?? 0;
    },
  };
}
