import { describe, expect, it } from 'vitest';
import type { GatewayRoute } from '@crucible/proto';
import { createRouteMatcher } from './route-table.ts';

const findRoute = createRouteMatcher();

describe('findRoute', () => {
  it('sends the sign-in call to auth without a token', () => {
    expect(findRoute('/api/auth/signin')).toMatchObject({ service: 'auth', access: 'public' });
  });

  it('requires a member for admin user routes, including nested ones', () => {
    expect(findRoute('/api/admin/users/123/access-level')).toMatchObject({ service: 'auth', access: 'member' });
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
