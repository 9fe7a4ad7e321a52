import { PROJECT_MESSAGES, isCoreOrAdmin, type AccessLevel, type SessionPrincipal } from '@crucible/proto';
import { ForbiddenError, isAdmin } from '@crucible/platform';

/** Who is asking: every use case takes it, so every caller (route, seed, bench) meets the same rule. */
export interface Viewer {
  id: string;
  accessLevel: AccessLevel;
  isAdmin: boolean;
}

export function viewerOf(principal: Pick<SessionPrincipal, 'userId' | 'accessLevel' | 'isAdmin'>): Viewer {
  return { id: principal.userId.toLowerCase(), accessLevel: principal.accessLevel, isAdmin: principal.isAdmin };
}

/** Spec 3 section 6: project management is for Core members and admins; the service refuses everyone else. */
export function requireProjectAccess(viewer: Viewer): void {
  if (!isCoreOrAdmin(viewer)) throw new ForbiddenError(PROJECT_MESSAGES.accessDenied);
}

/** Renaming and deleting a project: its owner or an admin. */
export function requireOwnerOrAdmin(viewer: Viewer, ownerId: string): void {
  if (viewer.id !== ownerId && !isAdmin(viewer)) throw new ForbiddenError(PROJECT_MESSAGES.onlyOwnerOrAdmin);
}
