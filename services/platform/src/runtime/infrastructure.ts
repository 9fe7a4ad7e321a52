import { z } from 'zod';
import { createMemoryCache, createRedisCache, redactRedisUrl, type Cache } from '../cache/index.ts';
import { configFields } from '../config/load-config.ts';
import { EVENT_STREAMS } from '@crucible/proto';
import { NAMESPACE_PATTERN, createMemoryEventBus, createNatsEventBus, type EventBus } from '../events/index.ts';
import type { Logger } from '../logging/logger.ts';
import type { ComponentReport } from '../service.ts';
import { isReachable } from './reachability.ts';

const STREAM_ROOTS = new Set([...Object.values(EVENT_STREAMS).map((subjects) => subjects.split('.')[0]!), 'rpc']);

export const infrastructureConfigSchema = z.object({
  NATS_URL: configFields.url('nats://127.0.0.1:4222'),
  REDIS_URL: configFields.url('redis://127.0.0.1:6379'),
  /**
   * The deployment's name on a shared NATS and Redis (events/namespace.ts): scopes streams, stored
   * subjects, durables, request-reply subjects and cache keys. Empty keeps the plain names.
   */
  NATS_NAMESPACE: z
    .string()
    .regex(NAMESPACE_PATTERN, 'must be at most 64 letters, digits, _ or -, e.g. "staging"')
    // `auth` would store `auth.auth.>`, which the plain deployment's `auth.>` stream overlaps.
    .refine((namespace) => !STREAM_ROOTS.has(namespace), `must not be one of ${[...STREAM_ROOTS].join(', ')}`)
    .default(''),
});
export type InfrastructureConfig = z.infer<typeof infrastructureConfigSchema>;

/** The shared connections a service is built with. */
export interface Infrastructure {
  bus: EventBus;
  cache: Cache;
  components: ComponentReport[];
  close(): Promise<void>;
}

export interface ConnectOptions {
  service: string;
  config: InfrastructureConfig;
  logger: Logger;
  /**
   * One-machine mode: use the in-process bus and in-memory cache when NATS or Redis does not answer.
   * In a cluster this is off, so a missing broker stops start-up instead of silently splitting state.
   */
  fallbackToInProcess: boolean;
}

async function connectBus(options: ConnectOptions): Promise<EventBus> {
  const { NATS_URL } = options.config;
  if (options.fallbackToInProcess && !(await isReachable(NATS_URL, 4222)))
    return createMemoryEventBus({ logger: options.logger });
  return createNatsEventBus({
    url: NATS_URL,
    name: options.service,
    namespace: options.config.NATS_NAMESPACE,
    logger: options.logger,
  });
}

async function connectCache(options: ConnectOptions): Promise<Cache> {
  const { REDIS_URL } = options.config;
  if (options.fallbackToInProcess && !(await isReachable(REDIS_URL, 6379))) return createMemoryCache();
  const namespace = options.config.NATS_NAMESPACE;
  return createRedisCache({ url: REDIS_URL, keyPrefix: namespace ? `${namespace}:` : '', logger: options.logger });
}

export async function connectInfrastructure(options: ConnectOptions): Promise<Infrastructure> {
  const [bus, cache] = await Promise.all([connectBus(options), connectCache(options)]);
  return {
    bus,
    cache,
    components: [
      { component: 'events', kind: bus.kind === 'nats' ? 'NATS JetStream' : 'in-process bus', location: bus.location },
      {
        component: 'cache',
        kind: cache.kind === 'redis' ? 'Redis' : 'in-memory',
        location: cache.kind === 'redis' ? redactRedisUrl(options.config.REDIS_URL) : cache.location,
      },
    ],
    async close() {
      await Promise.allSettled([bus.close(), cache.close()]);
    },
  };
}
