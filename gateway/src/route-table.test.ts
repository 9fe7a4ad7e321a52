import { describe, expect, it } from 'vitest';
import { GATEWAY_ROUTES, SERVICE_CONTRACTS, gatewayRoutesOf, type GatewayRoute } from '@crucible/proto';
import { createRouteMatcher } from './route-table.ts';

const findRoute = createRouteMatcher();

describe('findRoute', () => {
  it('sends the sign-in call to auth without a token', () => {
    expect(findRoute('/api/auth/signin')).toMatchObject({ service: 'auth', access: 'public' });
  });

  it('requires a member for admin user routes, including nested ones', () => {
    expect(findRoute('/api/admin/users/123/access-level')).toMatchObject({ service: 'auth', access: 'member' });
  });

  it('sends direct messages to dm and message reports to admin, for members only', () => {
    expect(findRoute('/api/direct-messages/conversations')).toMatchObject({ service: 'dm', access: 'member' });
    expect(findRoute('/api/direct-messages/0b7e/messages')).toMatchObject({ service: 'dm', access: 'member' });
    expect(findRoute('/api/direct-messages')).toMatchObject({ service: 'dm', access: 'member' });
    expect(findRoute('/api/admin/message-reports')).toMatchObject({ service: 'admin', access: 'member' });
    expect(findRoute('/api/admin/users/1')?.service).toBe('auth');
  });

  it('matches whole segments only', () => {
    expect(findRoute('/api/auth/signinx')).toBeUndefined();
    expect(findRoute('/api/unknown')).toBeUndefined();
  });

  it('prefers the longest prefix and matches :param segments', () => {
    const routes: GatewayRoute[] = [
      { prefix: '/api/users', service: 'auth', access: 'member' },
      { prefix: '/api/users/search', service: 'auth', access: 'member' },
      { prefix: '/api/users/:id/profile', service: 'profile', access: 'member' },
    ];
    const match = createRouteMatcher(routes);
    expect(match('/api/users/abc/profile')?.service).toBe('profile');
    expect(match('/api/users/search')?.service).toBe('auth');
    expect(match('/api/users/abc')?.service).toBe('auth');
  });
});

/** A path of the contract with each `:param` filled, as a request would carry it. */
const concretePath = (path: string) => path.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');

describe('the route table against the service contracts', () => {
  const contractRoutes = Object.entries(SERVICE_CONTRACTS).flatMap(([service, routes]) =>
    Object.values(routes).map((route) => ({ service, route })),
  );

  it('reaches every path a service serves, at that service', () => {
    const unreached = contractRoutes
      .filter(({ service, route }) => findRoute(concretePath(route.path))?.service !== service)
      .map(({ service, route }) => `${route.method} ${route.path} (${service})`);
    expect(unreached).toEqual([]);
  });

  it('lets public calls through without a token', () => {
    const guarded = contractRoutes
      .filter(({ route }) => route.auth === 'public' && findRoute(concretePath(route.path))?.access !== 'public')
      .map(({ route }) => `${route.method} ${route.path}`);
    expect(guarded).toEqual([]);
  });

  it('fails for a path no gateway route reaches', () => {
    const table: GatewayRoute[] = GATEWAY_ROUTES.filter((route) => route.prefix !== '/api/search');
    const match = createRouteMatcher(table);
    expect(match(concretePath(SERVICE_CONTRACTS.forum.search.path))).toBeUndefined();
  });
});

describe('the route table derived from the contracts', () => {
  const contracts = {
    auth: {
      signin: { path: '/api/auth/signin', auth: 'public' },
      sessions: { path: '/api/auth/sessions/:id', auth: 'member' },
      search: { path: '/api/users/search', auth: 'member' },
    },
    forum: {
      watched: { path: '/api/users/:id/watched', auth: 'member' },
      discussion: { path: '/api/discussions/:id/replies', auth: 'member' },
      feed: { path: '/api/discussions/:id/feed', auth: 'public' },
    },
    profile: { profile: { path: '/api/users/:userId/profile', auth: 'admin' } },
    dm: {},
    project: {},
    admin: {},
    realtime: {},
  } as const;

  it('reaches a route through /api/<area>/<part>, one segment more where services share it', () => {
    const match = createRouteMatcher(gatewayRoutesOf(contracts));
    expect(match('/api/auth/signin/two-factor')).toMatchObject({ service: 'auth', access: 'public' });
    expect(match('/api/auth/sessions/abc')).toMatchObject({ service: 'auth', access: 'member' });
    expect(match('/api/discussions/abc/replies')).toMatchObject({ service: 'forum', access: 'member' });
    expect(match('/api/users/abc/watched')?.service).toBe('forum');
    expect(match('/api/users/abc/profile')).toMatchObject({ service: 'profile', access: 'member' });
    expect(match('/api/users/search')?.service).toBe('auth');
    expect(match('/api/users/abc')).toBeUndefined();
    expect(match('/api/auth/other')).toBeUndefined();
  });

  it('keeps a public route public under a member prefix', () => {
    const match = createRouteMatcher(gatewayRoutesOf(contracts));
    expect(match('/api/discussions/abc/feed')).toMatchObject({ service: 'forum', access: 'public' });
    expect(match('/api/discussions/abc')).toMatchObject({ service: 'forum', access: 'member' });
  });

  it('adds the routes the contracts do not describe, over a derived entry of the same prefix', () => {
    const match = createRouteMatcher(
      gatewayRoutesOf(contracts, [
        { prefix: '/api/auth/oidc', service: 'auth', access: 'public' },
        { prefix: '/api/auth/sessions/:sessionId', service: 'auth', access: 'public' },
      ]),
    );
    expect(match('/api/auth/oidc/authorize')).toMatchObject({ service: 'auth', access: 'public' });
    expect(match('/api/auth/sessions/abc')).toMatchObject({ service: 'auth', access: 'public' });
  });

  it('lets the identity provider pages and the current-user check through without a token', () => {
    expect(findRoute('/api/auth/oidc/authorize')).toMatchObject({ service: 'auth', access: 'public' });
    expect(findRoute('/api/auth/user')).toMatchObject({ service: 'auth', access: 'public' });
  });
});
