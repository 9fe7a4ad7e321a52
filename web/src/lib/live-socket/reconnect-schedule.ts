import { LIMITS } from '@crucible/proto';

const { maxRetries, backoffCapMs, authFailedCode, goingAwayCode } = LIMITS.socket;

/** Why the socket is not (or no longer) open. `attempt` counts the reconnects already made, from 0. */
export type Interruption =
  | { kind: 'no-token'; attempt: number }
  | { kind: 'close'; code: number; attempt: number }
  | { kind: 'error'; attempt: number };

/**
 * Spec 1 section 4's global socket rules: the wait before the next try in milliseconds, or null
 * when it must not try again (1008 is a refused sign-in, 1001 a server going away, and every kind
 * stops after five tries).
 */
export function reconnectDelay(interruption: Interruption): number | null {
  if (interruption.attempt >= maxRetries) return null;
  switch (interruption.kind) {
    case 'no-token':
      // The first try waits 2 s, the fifth 10 s: the token may still be on its way from sign-in.
      return 2_000 * (interruption.attempt + 1);
    case 'close':
      if (interruption.code === authFailedCode || interruption.code === goingAwayCode) return null;
      return Math.min(1_000 * 2 ** interruption.attempt, backoffCapMs);
    case 'error':
      return Math.min(2_000 * 2 ** interruption.attempt, backoffCapMs);
  }
}
