import type { AccessLevel } from '@crucible/proto';
import { ForbiddenError } from '../errors/http-errors.ts';

export const ADMINS_ONLY_MESSAGE = 'Admin access required';

/** A member is an admin by the flag or by the Admin level: either alone grants it. */
export function isAdmin(member: { isAdmin: boolean; accessLevel?: AccessLevel | null }): boolean {
  return member.isAdmin || member.accessLevel === 'Admin';
}

/** The admin rule every use case applies to the viewer it is given (a route's check alone would miss other callers). */
export function requireAdmin(member: { isAdmin: boolean; accessLevel?: AccessLevel | null }): void {
  if (!isAdmin(member)) throw new ForbiddenError(ADMINS_ONLY_MESSAGE);
}
