/**
 * Whether an error means the database could not be reached or dropped the connection (as opposed to
 * a query that is wrong). The same request succeeds once the server is back, so it is answered 503
 * with Retry-After rather than 500. pg, pg-pool and Prisma's pg adapter each report it differently;
 * the cause chain is walked because Prisma wraps the driver's error.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0 && seen.size < 12) {
    const current = pending.shift();
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const { code, message, cause, errors, meta } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
      meta?: { driverAdapterError?: unknown };
    };
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || PRISMA_CODES.has(code) || SQLSTATE.test(code)))
      return true;
    if (typeof message === 'string' && MESSAGES.test(message)) return true;
    pending.push(cause, meta?.driverAdapterError, ...(Array.isArray(errors) ? errors : []));
  }
  return false;
}

/** Seconds a client is told to wait when the database is away: a restart takes a few. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EAI_AGAIN',
]);
/** Prisma: can't reach, timed out, connection closed, pool timeout, too many connections. */
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2037']);
/** SQLSTATE: connection exceptions, admin/crash shutdown, starting up, too many connections. */
const SQLSTATE = /^(08[0-9A-Z]{3}|57P0[1-3]|53300)$/;
const MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Can't reach database server|Server has closed the connection|the database system is (starting up|shutting down|in recovery)|terminating connection due to administrator command|Cannot use a pool after calling end/i;
