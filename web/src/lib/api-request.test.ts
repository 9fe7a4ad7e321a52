import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { isUnauthorizedError, requestInit, throwIfNotOk, type HttpMethod } from './api-request.ts';
import { storeAuthToken } from './auth-token.ts';

function stubFetch(response: () => Response) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sentInit(fetchMock: ReturnType<typeof stubFetch>): RequestInit {
  const init = fetchMock.mock.calls[0]?.[1];
  if (!init) throw new Error('fetch was not called');
  return init;
}

function sentHeaders(fetchMock: ReturnType<typeof stubFetch>): Record<string, string> {
  return sentInit(fetchMock).headers as Record<string, string>;
}

/** What every contract call does with these two: the request built, a failure thrown as an ApiError. */
async function send(method: HttpMethod, url: string, body?: unknown): Promise<void> {
  await throwIfNotOk(await fetch(url, requestInit(method, body)));
}

describe('requestInit and throwIfNotOk', () => {
  it('always sends cookies and adds the stored token as a bearer header', async () => {
    storeAuthToken('token-123');
    const fetchMock = stubFetch(() => new Response('{}'));
    await send('POST', '/api/auth/signout');
    expect(sentInit(fetchMock).credentials).toBe('include');
    expect(sentHeaders(fetchMock).Authorization).toBe('Bearer token-123');
  });

  it('sends no Authorization header when no token is stored', async () => {
    const fetchMock = stubFetch(() => new Response('{}'));
    await send('GET', '/api/users/count');
    expect(sentInit(fetchMock).credentials).toBe('include');
    expect(sentHeaders(fetchMock)).not.toHaveProperty('Authorization');
  });

  it('declares JSON only when there is a body, and sends the body as JSON', async () => {
    const fetchMock = stubFetch(() => new Response('{}'));
    await send('PUT', '/api/notifications/read-all');
    expect(sentHeaders(fetchMock)).not.toHaveProperty('Content-Type');
    expect(sentInit(fetchMock).body).toBeUndefined();

    const withBody = stubFetch(() => new Response('{}'));
    await send('POST', '/api/things', { name: 'x' });
    expect(sentHeaders(withBody)['Content-Type']).toBe('application/json');
    expect(sentInit(withBody).body).toBe('{"name":"x"}');
  });

  it("fails with 'status: body' when the response is not OK", async () => {
    stubFetch(() => new Response('{"statusCode":403,"message":"Forbidden"}', { status: 403, statusText: 'Forbidden' }));
    const failure = send('GET', '/api/admin/users');
    await expect(failure).rejects.toThrow('403: {"statusCode":403,"message":"Forbidden"}');
    await expect(failure).rejects.toMatchObject({ status: 403, body: '{"statusCode":403,"message":"Forbidden"}' });
  });

  it('fails with the status text when the error body is empty', async () => {
    stubFetch(() => new Response(null, { status: 502, statusText: 'Bad Gateway' }));
    await expect(send('GET', '/api/discussions')).rejects.toThrow(/^502: Bad Gateway$/);
  });
});

describe('isUnauthorizedError', () => {
  it('recognises a 401 whose text says Unauthorized', () => {
    expect(isUnauthorizedError(new ApiError(401, '{"statusCode":401,"message":"Unauthorized"}'))).toBe(true);
    expect(isUnauthorizedError(new ApiError(401, 'Unauthorized'))).toBe(true);
  });

  it('ignores other statuses and 401s about something else', () => {
    expect(isUnauthorizedError(new ApiError(403, 'Unauthorized'))).toBe(false);
    expect(isUnauthorizedError(new ApiError(401, 'Invalid email or password'))).toBe(false);
    expect(isUnauthorizedError(new Error('Unauthorized'))).toBe(false);
    // The status is a field now: a message that merely looks like a status line is not a 401.
    expect(isUnauthorizedError(new Error('401: Unauthorized'))).toBe(false);
  });
});
