/**
 * The error of the request layer. Its message keeps the fixed format, 'status: body',
 * and the status travels as a field, so screens that word failures per status read it
 * instead of parsing the message back.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The response body as text, or the status text when the body was empty. */
    readonly body: string,
    /** The answer's Retry-After in seconds (429 and 503 carry one), when it had a usable one. */
    readonly retryAfterSeconds?: number,
  ) {
    super(`${status}: ${body}`);
    this.name = 'ApiError';
  }
}

/** Retry-After as seconds: a number of seconds or an HTTP date; undefined when absent or unusable. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - now) / 1000);
}

export interface ApiErrorDetails {
  status: number | null;
  serverMessage: string | null;
}

/** The `message` of a service's JSON error body (`{statusCode, message}`); null for any other body. */
export function messageOfBody(body: string): string | null {
  try {
    const parsed: unknown = JSON.parse(body);
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'message' in parsed &&
      typeof parsed.message === 'string' &&
      parsed.message !== ''
    )
      return parsed.message;
    return null;
  } catch {
    // A body that is not JSON (a proxy's plain text page) is not a message meant for members.
    return null;
  }
}

/** The status and the server's own `message` of a failed call; nulls for any other error (network, code). */
export function apiErrorDetails(error: Error): ApiErrorDetails {
  if (!(error instanceof ApiError)) return { status: null, serverMessage: null };
  return { status: error.status, serverMessage: messageOfBody(error.body) };
}

export function isNotFoundError(error: Error | null | undefined): boolean {
  return error instanceof ApiError && error.status === 404;
}
