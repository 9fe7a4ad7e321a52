import { describe, expect, it } from 'vitest';
import { withSendKey } from './idempotency.ts';

describe('one Idempotency-Key per composed message', () => {
  it('reuses the key of a failed send for its resend, and forgets it once a send succeeds', async () => {
    const keys: string[] = [];
    const failing = (key: string) => {
      keys.push(key);
      return Promise.reject(new Error('504'));
    };
    const succeeding = async (key: string) => void keys.push(key);
    await expect(withSendKey('dm:u2:hello', failing)).rejects.toThrow('504');
    await withSendKey('dm:u2:hello', succeeding);
    await withSendKey('dm:u2:hello', succeeding);
    await withSendKey('dm:u3:hello', succeeding);
    expect(keys[1]).toBe(keys[0]);
    expect(new Set(keys).size).toBe(3);
  });
});
