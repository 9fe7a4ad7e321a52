import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { mayReadMetrics } from './metrics.ts';

const TOKEN = 'a-metrics-token-of-some-length';

function requestFrom(remoteAddress: string, headers: Record<string, string> = {}): Request {
  const lowerCased = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return { socket: { remoteAddress }, get: (name: string) => lowerCased[name.toLowerCase()] } as unknown as Request;
}

describe('mayReadMetrics', () => {
  it.for(['127.0.0.1', '127.3.2.1', '::1', '::ffff:127.0.0.1'])(
    'lets a direct loopback client (%s) read them when no token is set',
    (address) => {
      expect(mayReadMetrics(requestFrom(address), undefined)).toBe(true);
    },
  );

  it.for(['10.0.0.5', '::ffff:10.0.0.5', '192.168.1.2', 'fe80::1', '1127.0.0.1'])(
    'refuses a client elsewhere (%s) when no token is set',
    (address) => {
      expect(mayReadMetrics(requestFrom(address), undefined)).toBe(false);
    },
  );

  it('refuses a loopback connection that came through a proxy', () => {
    expect(mayReadMetrics(requestFrom('127.0.0.1', { 'X-Forwarded-For': '203.0.113.9' }), undefined)).toBe(false);
    expect(mayReadMetrics(requestFrom('127.0.0.1', { Forwarded: 'for=203.0.113.9' }), undefined)).toBe(false);
  });

  it('asks everyone, loopback included, for the bearer token once one is set', () => {
    expect(mayReadMetrics(requestFrom('127.0.0.1'), TOKEN)).toBe(false);
    expect(mayReadMetrics(requestFrom('10.0.0.5', { Authorization: `Bearer ${TOKEN}x` }), TOKEN)).toBe(false);
    expect(mayReadMetrics(requestFrom('10.0.0.5', { Authorization: TOKEN }), TOKEN)).toBe(false);
    expect(mayReadMetrics(requestFrom('10.0.0.5', { Authorization: `Bearer ${TOKEN}` }), TOKEN)).toBe(true);
  });
});
