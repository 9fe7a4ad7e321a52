import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminRoutes, authRoutes, dmRoutes, forumRoutes, profileRoutes, routeUrl } from '@crucible/proto';
import {
  callRoute,
  callRouteWithServerMessage,
  requestRoute,
  routeCollectionKey,
  routeQueryKey,
} from './api-client.ts';

function stubFetch(response: () => Response) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('routeUrl', () => {
  it('fills path parameters as single segments and appends the defined query values', () => {
    expect(
      routeUrl(forumRoutes.listReplies, {
        params: { id: 'a/b c' },
        query: { after: 'cur', limit: 5, includeHidden: undefined },
      }),
    ).toBe('/api/discussions/a%2Fb%20c/replies?after=cur&limit=5');
    expect(routeUrl(forumRoutes.listDiscussions, {})).toBe('/api/discussions');
  });
});

describe('routeQueryKey', () => {
  it('splits the filled path into the resource and the further segments', () => {
    expect(routeQueryKey(dmRoutes.sendMessage)).toEqual(['/api/direct-messages']);
    expect(routeQueryKey(dmRoutes.conversationUsage)).toEqual(['/api/direct-messages', 'quota', 'conversations']);
    expect(routeQueryKey(dmRoutes.listMessages, { params: { userId: 'u-1' } })).toEqual([
      '/api/direct-messages',
      'u-1',
      'messages',
    ]);
  });

  it('ends with the query when one is given', () => {
    expect(routeQueryKey(forumRoutes.search, { query: { query: 'alchemy' } })).toEqual([
      '/api/search',
      { query: 'alchemy' },
    ]);
  });
});

describe('routeCollectionKey', () => {
  it('keeps the fixed path before the first parameter, so it covers the reads of every item', () => {
    expect(routeCollectionKey(adminRoutes.memberActivity)).toEqual(['/api/admin', 'members']);
    expect(routeCollectionKey(profileRoutes.getProfile)).toEqual(['/api/users']);
    expect(routeCollectionKey(adminRoutes.listAuditLogs)).toEqual(['/api/admin', 'audit-logs']);
    expect(routeQueryKey(adminRoutes.memberActivity, { params: { id: 'u-1' } }).slice(0, 2)).toEqual(
      routeCollectionKey(adminRoutes.memberActivity),
    );
  });
});

describe('callRoute', () => {
  it("sends the route's method and JSON body and answers the parsed body", async () => {
    const fetchMock = stubFetch(() => Response.json({ id: 'r1' }, { status: 201 }));
    const reply = await callRoute(forumRoutes.createReply, { params: { id: 'd1' }, body: { content: 'hi' } });
    expect(reply).toEqual({ id: 'r1' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/discussions/d1/replies');
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ method: 'POST', body: '{"content":"hi"}' });
  });

  it('answers undefined for 204', async () => {
    stubFetch(() => new Response(null, { status: 204 }));
    await expect(callRoute(forumRoutes.deleteAttachment, { params: { id: 'x' } })).resolves.toBeUndefined();
  });

  it("fails with an ApiError: message 'status: body', status as a field", async () => {
    stubFetch(() => Response.json({ statusCode: 404, message: 'Discussion not found' }, { status: 404 }));
    const failure = requestRoute(forumRoutes.getDiscussion, { params: { id: 'x' } });
    await expect(failure).rejects.toThrow('404: {"statusCode":404,"message":"Discussion not found"}');
    await expect(failure).rejects.toMatchObject({ name: 'ApiError', status: 404 });
  });
});

describe('callRouteWithServerMessage', () => {
  it("throws the server's message field", async () => {
    stubFetch(() => Response.json({ statusCode: 401, message: 'Invalid email or password' }, { status: 401 }));
    await expect(
      callRouteWithServerMessage(authRoutes.signIn, { body: { email: 'a@b.co', password: 'x' } }, 'Signin failed'),
    ).rejects.toThrow(/^Invalid email or password$/);
  });

  it('throws the fallback when the error body has no message', async () => {
    stubFetch(() => new Response('<html>gateway timeout</html>', { status: 504 }));
    await expect(
      callRouteWithServerMessage(
        authRoutes.signUp,
        { body: { email: 'a@b.co', password: 'long-enough', firstName: 'A', lastName: 'B' } },
        'Signup failed',
      ),
    ).rejects.toThrow(/^Signup failed$/);
  });

  it('returns the parsed body on success', async () => {
    stubFetch(() => Response.json({ message: 'ok', token: 't' }));
    await expect(
      callRouteWithServerMessage(authRoutes.signIn, { body: { email: 'a@b.co', password: 'x' } }, 'Signin failed'),
    ).resolves.toEqual({
      message: 'ok',
      token: 't',
    });
  });
});
