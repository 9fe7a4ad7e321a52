import { createHash } from 'node:crypto';
import type { Cache } from '../cache/cache.ts';
import type { RedisClient } from '../cache/redis-cache.ts';
import { TooManyRequestsError } from '../errors/http-errors.ts';
import { rateLimitRefusals } from '../metrics/domain-metrics.ts';
import type { RateLimitRule } from './rate-limiter.ts';

/** One counter to bump: which rule, and whose (an IP, an account). */
export interface RateLimitHit {
  rule: string;
  key: string;
}

/**
 * Several fixed-window limits counted together: every limit a request is subject to costs one Redis
 * round trip (one script), not one each. Counters live in Redis when the cache is Redis, so every
 * replica shares them; without Redis, or while it fails, they are counted in this process.
 */
export interface RateLimitGroup {
  /** Counts one hit on each; throws TooManyRequestsError (429, Retry-After) if any is past its limit. */
  consume(hits: readonly RateLimitHit[]): Promise<void>;
}

// Per key: INCR, start its window on the first hit, answer count and what is left of the window.
const COUNT_SCRIPT = `
local answer = {}
for i, key in ipairs(KEYS) do
  local count = redis.call('INCR', key)
  if count == 1 then redis.call('PEXPIRE', key, ARGV[i]) end
  local left = redis.call('PTTL', key)
  if left < 0 then redis.call('PEXPIRE', key, ARGV[i]); left = tonumber(ARGV[i]) end
  answer[#answer + 1] = count
  answer[#answer + 1] = left
end
return answer`;
const COUNT_SCRIPT_SHA = createHash('sha1').update(COUNT_SCRIPT).digest('hex');

type Counter = (keys: string[], windowsMs: number[]) => Promise<number[]>;

function redisCounter(client: RedisClient): Counter {
  return async (keys, windowsMs) => {
    const options = { keys, arguments: windowsMs.map(String) };
    try {
      return (await client.evalSha(COUNT_SCRIPT_SHA, options)) as number[];
    } catch (error) {
      // Redis forgets scripts on restart; the first call after that sends the text, which it caches again.
      if (!String((error as Error)?.message).startsWith('NOSCRIPT')) throw error;
      return (await client.eval(COUNT_SCRIPT, options)) as number[];
    }
  };
}

function memoryCounter(): Counter {
  const windows = new Map<string, { count: number; endsAt: number }>();
  return async (keys, windowsMs) => {
    const now = Date.now();
    if (windows.size > 100_000) for (const [key, window] of windows) if (window.endsAt <= now) windows.delete(key);
    return keys.flatMap((key, i) => {
      let window = windows.get(key);
      if (!window || window.endsAt <= now) windows.set(key, (window = { count: 0, endsAt: now + windowsMs[i]! }));
      window.count += 1;
      return [window.count, window.endsAt - now];
    });
  };
}

export function createRateLimitGroup(cache: Cache, rules: readonly RateLimitRule[]): RateLimitGroup {
  const byName = new Map(rules.map((rule) => [rule.name, rule]));
  const inMemory = memoryCounter();
  const shared = cache.redisClient ? redisCounter(cache.redisClient as RedisClient) : undefined;

  return {
    async consume(hits) {
      if (hits.length === 0) return;
      const applied = hits.map((hit) => {
        const rule = byName.get(hit.rule);
        if (!rule) throw new Error(`No rate limit named ${hit.rule}`);
        return { rule, key: `${cache.keyPrefix}ratelimit-group:${rule.name}:${hit.key}` };
      });
      const keys = applied.map((each) => each.key);
      const windowsMs = applied.map((each) => each.rule.durationSeconds * 1000);
      let counts: number[];
      try {
        counts = shared ? await shared(keys, windowsMs) : await inMemory(keys, windowsMs);
      } catch {
        // Redis down: limits still hold per process rather than not at all.
        counts = await inMemory(keys, windowsMs);
      }
      let retryAfterMs = 0;
      applied.forEach((each, i) => {
        if (counts[2 * i]! <= each.rule.points) return;
        retryAfterMs = Math.max(retryAfterMs, counts[2 * i + 1]!);
        rateLimitRefusals.inc({ rule: each.rule.name });
      });
      if (retryAfterMs > 0) throw new TooManyRequestsError(Math.max(1, Math.ceil(retryAfterMs / 1000)));
    },
  };
}
