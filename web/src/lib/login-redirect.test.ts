import { describe, expect, it } from 'vitest';
import { consumeExternalLoginState, startExternalLogin } from './login-redirect.ts';

describe('external login state', () => {
  it('starts at /api/login with a fresh one-time state that this tab can use once', () => {
    const first = new URL(startExternalLogin(), 'http://app.test');
    expect(first.pathname).toBe('/api/login');
    const state = first.searchParams.get('state')!;
    expect(state).toMatch(/^[\w-]{32}$/);
    expect(consumeExternalLoginState(state)).toBe(true);
    expect(consumeExternalLoginState(state)).toBe(false);
  });

  it('refuses another state and then forgets its own', () => {
    const state = new URL(startExternalLogin(), 'http://app.test').searchParams.get('state')!;
    expect(new URL(startExternalLogin(), 'http://app.test').searchParams.get('state')).not.toBe(state);
    expect(consumeExternalLoginState('made-up')).toBe(false);
    expect(consumeExternalLoginState(state)).toBe(false);
  });
});
