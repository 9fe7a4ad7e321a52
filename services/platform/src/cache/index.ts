export type { Cache } from './cache.ts';
export {
  createRedisCache,
  redactRedisUrl,
  type RedisCache,
  type RedisCacheOptions,
  type RedisClient,
} from './redis-cache.ts';
export { createMemoryCache, type MemoryCache, type MemoryCacheOptions } from './memory-cache.ts';
