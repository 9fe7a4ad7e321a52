import { REALTIME_MESSAGES, type ServerSocketMessage } from '@crucible/proto';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  HttpError,
  TooManyRequestsError,
  isDatabaseUnavailable,
} from '@crucible/platform';

/**
 * The answer to a chat message the rules refused (rate limit, empty, too long) or the database could
 * not take (away for a moment), for the sender's socket: the client restores the text it names and,
 * with `retryAfterSeconds`, waits the seconds given. Anything else is no refusal of the member's
 * message: undefined, and the caller reports it as a failure.
 */
export function chatRefusal(error: unknown, clientId: string | undefined): ServerSocketMessage | undefined {
  if (isDatabaseUnavailable(error))
    return {
      type: 'chat_refused',
      message: REALTIME_MESSAGES.chatUnavailable,
      clientId: clientId ?? null,
      retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
    };
  if (!(error instanceof HttpError) || error.statusCode >= 500) return undefined;
  return {
    type: 'chat_refused',
    message: error.message,
    clientId: clientId ?? null,
    retryAfterSeconds: error instanceof TooManyRequestsError ? error.retryAfterSeconds : null,
  };
}
