import { accountSuspendedMessage } from '@crucible/proto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isSuspended } from './user-views.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('a suspension', () => {
  it('holds until its end and is over from then on, with nothing run to lift it', () => {
    const until = new Date('2030-05-01T12:00:00.000Z');
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2030-05-01T11:59:59.999Z'));
    expect(isSuspended({ suspendedUntil: until })).toBe(true);
    vi.setSystemTime(until);
    expect(isSuspended({ suspendedUntil: until })).toBe(false);
    vi.setSystemTime(new Date('2030-06-01T00:00:00.000Z'));
    expect(isSuspended({ suspendedUntil: until })).toBe(false);
    expect(isSuspended({ suspendedUntil: null })).toBe(false);
  });

  it('tells the member at sign-in until when (UTC, to the minute) and why', () => {
    expect(accountSuspendedMessage(new Date('2030-05-01T12:34:56.000Z'), 'Spam in the forums')).toBe(
      'This account is suspended until 2030-05-01 12:34 UTC. Reason: Spam in the forums',
    );
    expect(accountSuspendedMessage(new Date('2030-05-01T12:34:56.000Z'))).toBe(
      'This account is suspended until 2030-05-01 12:34 UTC.',
    );
  });
});
