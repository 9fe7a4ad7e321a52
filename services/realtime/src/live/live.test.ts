import { describe, expect, it, vi } from 'vitest';
import { createMemoryCache, createMemoryEventBus, silentLogger, type Cache } from '@crucible/platform';
import { plainText } from '../use-cases/chat.ts';
import { LiveHub } from './hub.ts';
import { Presence } from './presence.ts';
import { tokenFromProtocols } from './socket-server.ts';

describe('tokenFromProtocols', () => {
  it('reads the base64url token of the auth. subprotocol among others', () => {
    const token = 'eyJhbGciOiJFZERTQSJ9.e30.sig';
    const header = `crucible.v1, auth.${Buffer.from(token).toString('base64url')}`;
    expect(tokenFromProtocols(header)).toBe(token);
  });

  it('finds no token without an auth. subprotocol, or with an empty one', () => {
    expect(tokenFromProtocols(undefined)).toBeUndefined();
    expect(tokenFromProtocols('crucible.v1')).toBeUndefined();
    expect(tokenFromProtocols('auth.')).toBeUndefined();
  });
});

describe('plainText', () => {
  it('drops tags and stray angle brackets and trims', () => {
    expect(plainText('  <script>alert(1)</script><b>hi</b> a < b ')).toBe('alert(1)hi a  b');
  });
});

function presenceOver(cache: Cache) {
  const hub = new LiveHub(createMemoryEventBus(), silentLogger);
  return new Presence({
    cache,
    hub,
    logger: silentLogger,
    ttlSeconds: 60,
    coalesceMs: 10,
    describe: async (ids) =>
      ids.map((id) => ({
        id,
        email: null,
        contactInfoVisible: null,
        firstName: null,
        accessLevel: 'Public' as const,
        profileImageUrl: null,
      })),
  });
}

describe('Presence', () => {
  it('answers empty, without throwing, while the cache is down', async () => {
    const down = new Error('Redis is down');
    const cache = createMemoryCache();
    for (const method of ['get', 'set', 'delete', 'addToSet', 'removeFromSet', 'setMembers'] as const)
      vi.spyOn(cache, method).mockRejectedValue(down);
    const presence = presenceOver(cache);
    await expect(presence.memberArrived('a')).resolves.toBeUndefined();
    await expect(presence.online()).resolves.toEqual([]);
  });

  it('forgets an entry whose key expired (an instance that died)', async () => {
    const cache = createMemoryCache();
    const presence = presenceOver(cache);
    await presence.memberArrived('a');
    expect(await presence.onlineIds()).toEqual(['a']);
    const [entry] = await cache.setMembers('presence:online');
    await cache.delete(`presence:entry:${entry}`);
    expect(await presence.onlineIds()).toEqual([]);
    expect(await cache.setMembers('presence:online')).toEqual([]);
  });
});
