import { vi } from 'vitest';

/** `STILL_LOADING` leaves the request unanswered, so a screen can be looked at in its loading state. */
export const STILL_LOADING = 'still loading';

type Handler = (request: {
  method: string;
  body: unknown;
}) => { status: number; body?: unknown; headers?: Record<string, string> } | typeof STILL_LOADING;

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/**
 * Stubs `fetch` with answers keyed by 'METHOD /path'; anything else is a 404, as from the gateway.
 * Returns the mock so a test can read the calls made.
 */
export function stubApi(routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = new URL(String(input), 'http://localhost').pathname;
    const handler = routes[`${method} ${path}`];
    if (!handler) return jsonResponse(404, { statusCode: 404, message: 'Not Found' });
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const answer = handler({ method, body });
    if (answer === STILL_LOADING) return new Promise<Response>(() => undefined);
    return jsonResponse(answer.status, answer.body, answer.headers);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const signedOut = () => ({ status: 401, body: { statusCode: 401, message: 'Unauthorized' } });
