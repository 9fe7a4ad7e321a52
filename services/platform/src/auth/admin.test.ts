import { describe, expect, it } from 'vitest';
import { ForbiddenError } from '../errors/http-errors.ts';
import { isAdmin, requireAdmin } from './admin.ts';

describe('the admin rule', () => {
  it('makes a member an admin by the flag or by the Admin level', () => {
    expect(isAdmin({ isAdmin: true, accessLevel: 'Public' })).toBe(true);
    expect(isAdmin({ isAdmin: false, accessLevel: 'Admin' })).toBe(true);
    expect(isAdmin({ isAdmin: false, accessLevel: 'Core' })).toBe(false);
    expect(isAdmin({ isAdmin: false })).toBe(false);
  });

  it('refuses anyone else with 403 and the fixed text', () => {
    expect(() => requireAdmin({ isAdmin: false, accessLevel: 'Core' })).toThrow(ForbiddenError);
    expect(() => requireAdmin({ isAdmin: false, accessLevel: 'Core' })).toThrow('Admin access required');
    expect(() => requireAdmin({ isAdmin: false, accessLevel: 'Admin' })).not.toThrow();
  });
});
