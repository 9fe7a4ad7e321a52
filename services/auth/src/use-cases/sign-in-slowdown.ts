export interface SlowdownRule {
  /** Failures of one account (from any address) answered at full speed. */
  freeFailures: number;
  baseMs: number;
  maxMs: number;
}

/**
 * How long a sign-in to an account waits before its password is checked: nothing until the account
 * has `freeFailures` failures in the window, then a delay that doubles with each further failure, up
 * to `maxMs`. The right password still gets in (OWASP: slow down, never lock the owner out), and
 * every attempt waits alike, so an early answer cannot tell a right guess from a wrong one.
 */
export function signInDelayMs(failures: number, rule: SlowdownRule): number {
  if (failures < rule.freeFailures) return 0;
  const doublings = Math.min(failures - rule.freeFailures, 30);
  return Math.min(rule.baseMs * 2 ** doublings, rule.maxMs);
}
