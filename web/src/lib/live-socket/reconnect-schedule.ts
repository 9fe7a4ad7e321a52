import { LIMITS, WS_CLOSE, WS_RESTART_SPREAD_MS, reconnectDelayOf } from '@crucible/proto';

const { backoffCapMs, authFailedCode } = LIMITS.socket;

/** Why the socket is not (or no longer) open. `attempt` counts the reconnects already made, from 0. */
export type Interruption =
  | { kind: 'no-token'; attempt: number }
  | { kind: 'close'; code: number; reason?: string; attempt: number }
  | { kind: 'error'; attempt: number };

/** Between half and all of `ms`: clients that lost the same server do not come back in step. */
function jittered(ms: number, random: () => number): number {
  return Math.round(ms * (0.5 + 0.5 * random()));
}

/**
 * The wait before the next try in milliseconds, or null when it must not try again: only a refused
 * sign-in (1008) stops it, since every other close (a deploy, a network change, a server that could
 * not check the session) ends in a server that takes the socket again. The steps are
 * 1 s after a close, 2 s after an error, 2 s times the attempt without a token, doubling,
 * capped at 30 s, with no last try; a restarting server (1012) names its own spread-out delay.
 */
export function reconnectDelay(interruption: Interruption, random: () => number = Math.random): number | null {
  const capped = (ms: number) => jittered(Math.min(ms, backoffCapMs), random);
  switch (interruption.kind) {
    case 'no-token':
      return capped(2_000 * (interruption.attempt + 1));
    case 'close': {
      if (interruption.code === authFailedCode) return null;
      if (interruption.code === WS_CLOSE.serviceRestart && interruption.attempt === 0)
        return reconnectDelayOf(interruption.reason ?? '') ?? Math.round(random() * WS_RESTART_SPREAD_MS);
      return capped(1_000 * 2 ** interruption.attempt);
    }
    case 'error':
      return capped(2_000 * 2 ** interruption.attempt);
  }
}
