import { afterEach, describe, expect, it, vi } from 'vitest';
import { CURRENT_USER_QUERY_KEY, getCurrentUser } from './current-member.ts';

function stubFetch(response: () => Response) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('getCurrentUser', () => {
  it('asks GET /api/auth/user under the auth resource key and answers the member', async () => {
    const fetchMock = stubFetch(() => Response.json({ id: 'user-1' }));
    await expect(getCurrentUser()).resolves.toEqual({ id: 'user-1' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/user');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('GET');
    expect(CURRENT_USER_QUERY_KEY).toEqual(['/api/auth', 'user']);
  });

  it('answers null when signed out (401)', async () => {
    stubFetch(() => new Response('Unauthorized', { status: 401 }));
    await expect(getCurrentUser()).resolves.toBeNull();
  });

  it('fails on any other error', async () => {
    stubFetch(() => new Response('boom', { status: 500 }));
    await expect(getCurrentUser()).rejects.toThrow('500: boom');
  });
});
