import { setTimeout as delay } from 'node:timers/promises';
import { createClient } from 'redis';
import type { Logger } from '../logging/logger.ts';
import type { Cache } from './cache.ts';

export type RedisClient = ReturnType<typeof createClient>;

export interface RedisCacheOptions {
  url: string;
  /** Put before every key this cache touches, so services (and test runs) sharing one Redis stay apart. */
  keyPrefix?: string;
  logger: Pick<Logger, 'info' | 'warn'>;
}

export interface RedisCache extends Cache {
  readonly kind: 'redis';
  /** Speaks to Redis directly: `keyPrefix` is not applied to what is sent through it. */
  readonly redisClient: RedisClient;
}

const FIRST_CONNECT_ATTEMPTS = 3;
const MAX_RECONNECT_DELAY_MS = 5_000;
const CONNECT_TIMEOUT_MS = 2_000;
const HEALTH_PING_TIMEOUT_MS = 1_000;

/** Doubles from 50 ms up to 5 s; the jitter keeps replicas from reconnecting in step after an outage. */
function reconnectDelayMs(retries: number): number {
  return Math.min(50 * 2 ** retries, MAX_RECONNECT_DELAY_MS) + Math.floor(Math.random() * 100);
}

/** The URL as it may appear in logs and start-up lines. */
export function redactRedisUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

// A command's abort signal cannot recall a PING already on the wire, so a stalled server needs a race.
async function answersPingWithin(client: RedisClient, timeoutMs: number): Promise<boolean> {
  const timer = new AbortController();
  const ping = client.ping().then(
    (reply) => reply === 'PONG',
    () => false,
  );
  const timeout = delay(timeoutMs, false, { signal: timer.signal }).catch(() => false);
  try {
    return await Promise.race([ping, timeout]);
  } finally {
    timer.abort();
  }
}

/**
 * Connects before resolving and rejects if the first few attempts fail, so start-up can report it
 * (or fall back to memory); once connected it reconnects for as long as the process lives.
 */
export async function createRedisCache(options: RedisCacheOptions): Promise<RedisCache> {
  const { logger } = options;
  const prefix = options.keyPrefix ?? '';
  const prefixed = (key: string) => prefix + key;
  let hasBeenReady = false;

  const client = createClient({
    url: options.url,
    // While Redis is away, callers get an error at once instead of a request hanging on a queued command.
    disableOfflineQueue: true,
    socket: {
      connectTimeout: CONNECT_TIMEOUT_MS,
      reconnectStrategy: (retries, cause) =>
        !hasBeenReady && retries >= FIRST_CONNECT_ATTEMPTS ? cause : reconnectDelayMs(retries),
    },
  });
  // Without a listener node-redis would throw these; they are expected while reconnecting.
  client.on('error', (error: unknown) => logger.warn({ err: error }, 'redis connection error'));
  client.on('ready', () => {
    if (hasBeenReady) logger.info('redis connection restored');
    hasBeenReady = true;
  });
  await client.connect();

  return {
    kind: 'redis',
    location: redactRedisUrl(options.url),
    redisClient: client,
    keyPrefix: prefix,

    async get(key) {
      return client.get(prefixed(key));
    },

    async set(key, value, setOptions) {
      const ttlSeconds = setOptions?.ttlSeconds;
      await client.set(
        prefixed(key),
        value,
        ttlSeconds === undefined ? undefined : { expiration: { type: 'EX', value: ttlSeconds } },
      );
    },

    async delete(key) {
      await client.del(prefixed(key));
    },

    async increment(key, incrementOptions) {
      const by = incrementOptions?.by ?? 1;
      const ttlSeconds = incrementOptions?.ttlSeconds;
      if (ttlSeconds === undefined) return client.incrBy(prefixed(key), by);
      // SET NX then INCRBY in one transaction: the TTL is set once, by whichever caller creates the
      // key, and no caller can see the key without it.
      const [, counter] = await client
        .multi()
        .set(prefixed(key), '0', { expiration: { type: 'EX', value: ttlSeconds }, condition: 'NX' })
        .incrBy(prefixed(key), by)
        .exec();
      return Number(counter);
    },

    async addToSet(key, member) {
      await client.sAdd(prefixed(key), member);
    },

    async removeFromSet(key, member) {
      await client.sRem(prefixed(key), member);
    },

    async setMembers(key) {
      return client.sMembers(prefixed(key));
    },

    async isHealthy() {
      return client.isReady && answersPingWithin(client, HEALTH_PING_TIMEOUT_MS);
    },

    async close() {
      // A graceful close waits for Redis to answer, which it cannot while the client is reconnecting.
      if (client.isReady) await client.close();
      else if (client.isOpen) client.destroy();
    },
  };
}
