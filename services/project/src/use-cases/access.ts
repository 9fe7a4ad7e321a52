import { PROJECT_MESSAGES, isCoreOrAdmin } from '@crucible/proto';
import { ForbiddenError, type Caller } from '@crucible/platform';

/** Project management is for Core members and admins; the service refuses everyone else. */
export function requireProjectAccess(caller: Caller): void {
  if (!isCoreOrAdmin(caller)) throw new ForbiddenError(PROJECT_MESSAGES.accessDenied);
}

/** Renaming and deleting a project: its owner or an admin. */
export function requireOwnerOrAdmin(caller: Caller, ownerId: string): void {
  if (caller.userId !== ownerId && !caller.isAdmin) throw new ForbiddenError(PROJECT_MESSAGES.onlyOwnerOrAdmin);
}
