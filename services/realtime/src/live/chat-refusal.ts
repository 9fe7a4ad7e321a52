import type { ServerSocketMessage } from '@crucible/proto';
import { HttpError, TooManyRequestsError } from '@crucible/platform';

/**
 * The answer to a chat message the rules refused (rate limit, empty, too long), for the sender's
 * socket: the client restores the text it names and, for the rate limit, waits the seconds given.
 * Anything else is no refusal of the member's message: undefined, and the caller reports it as a failure.
 */
export function chatRefusal(error: unknown, clientId: string | undefined): ServerSocketMessage | undefined {
  if (!(error instanceof HttpError) || error.statusCode >= 500) return undefined;
  return {
    type: 'chat_refused',
    message: error.message,
    clientId: clientId ?? null,
    retryAfterSeconds: error instanceof TooManyRequestsError ? error.retryAfterSeconds : null,
  };
}
