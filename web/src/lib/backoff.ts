import { ApiError } from './api-error.ts';

/** Answers that mean 'not now' rather than 'no': the same request succeeds later. */
const BACK_OFF_STATUSES = new Set([429, 503]);
const BASE_MS = 1_000;
const CAP_MS = 60_000;
/** Reads retried this many times on 429/503 before the screen shows the failure (the current user: always). */
export const READ_RETRIES = 4;

export function isBackOffError(error: unknown): error is ApiError {
  return error instanceof ApiError && BACK_OFF_STATUSES.has(error.status);
}

/**
 * The wait before retry number `attempt` (from 0): what Retry-After says when it says anything
 * (capped), else a doubling from 1 s to 60 s jittered to 50-100 %, so tabs sharing an address do not
 * come back in step. Never zero: a loop of immediate retries is what locks an office out.
 */
export function backoffDelayMs(attempt: number, error: unknown, random: () => number = Math.random): number {
  if (isBackOffError(error) && error.retryAfterSeconds !== undefined)
    return Math.min(Math.max(error.retryAfterSeconds * 1000, BASE_MS), CAP_MS * 5);
  const step = Math.min(BASE_MS * 2 ** attempt, CAP_MS);
  return Math.round(step * (0.5 + 0.5 * random()));
}

/** When each failure's retry is due, so a screen can count down to it. */
const retryDueAt = new WeakMap<object, number>();

/** React Query's retryDelay: the backoff, remembered against the error for retryMessage. */
export function queryRetryDelay(attempt: number, error: unknown): number {
  const delay = backoffDelayMs(attempt, error);
  if (error && typeof error === 'object') retryDueAt.set(error, Date.now() + delay);
  return delay;
}

/** React Query's retry for reads: 429 and 503 a few times (`limit`), anything else not at all. */
export function retryReadsOnBackOff(limit = READ_RETRIES) {
  return (failureCount: number, error: unknown) => isBackOffError(error) && failureCount < limit;
}

/** 'Too many requests: retrying in 20 s' for a failure being waited out; null for any other. */
export function retryMessage(error: unknown, now = Date.now()): string | null {
  if (!isBackOffError(error)) return null;
  const due = retryDueAt.get(error);
  if (due === undefined) return null;
  const seconds = Math.max(1, Math.ceil((due - now) / 1000));
  const what = error.status === 429 ? 'Too many requests' : 'The service is busy';
  return `${what}: retrying in ${seconds} s`;
}
