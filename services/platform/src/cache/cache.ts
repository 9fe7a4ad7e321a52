export interface Cache {
  readonly kind: 'redis' | 'memory';
  readonly location: string;
  get(key: string): Promise<string | null>;
  set(key: string, value: string, options?: { ttlSeconds?: number }): Promise<void>;
  delete(key: string): Promise<void>;
  /** Adds `by` (default 1) and returns the new value; sets the TTL when the key is created. */
  increment(key: string, options?: { by?: number; ttlSeconds?: number }): Promise<number>;
  /** Members of a set (presence lists and the like). */
  addToSet(key: string, member: string): Promise<void>;
  removeFromSet(key: string, member: string): Promise<void>;
  setMembers(key: string): Promise<string[]>;
  isHealthy(): Promise<boolean>;
  close(): Promise<void>;
  /**
   * The client for libraries that speak Redis themselves (rate-limiter-flexible's RateLimiterRedis
   * with `useRedisPackage: true`); undefined for the in-memory cache.
   */
  readonly redisClient?: unknown;
  /** Put before every key; libraries using `redisClient` directly apply it themselves. */
  readonly keyPrefix: string;
}
