/**
 * Reads an error of the request layer, whose message is 'status: body' (spec 1 section 8), back
 * into its status and the server's own `message`, for screens that word failures per status.
 */
export interface ApiErrorDetails {
  status: number | null;
  serverMessage: string | null;
}

const STATUS_PREFIX = /^(\d{3}): ([\s\S]*)$/;

function messageOfBody(body: string): string | null {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === 'object' && parsed !== null && 'message' in parsed && typeof parsed.message === 'string' && parsed.message !== '') return parsed.message;
    return null;
  } catch {
    // A body that is not JSON (a proxy's plain text page) is not a message meant for members.
    return null;
  }
}

export function apiErrorDetails(error: Error): ApiErrorDetails {
  const match = STATUS_PREFIX.exec(error.message);
  if (!match) return { status: null, serverMessage: null };
  return { status: Number(match[1]), serverMessage: messageOfBody(match[2]!) };
}

export function isNotFoundError(error: Error | null | undefined): boolean {
  return Boolean(error) && apiErrorDetails(error!).status === 404;
}
