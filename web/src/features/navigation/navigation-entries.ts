import { normalizeAccessLevel, type FeatureFlags } from '@crucible/proto';

export interface NavigationEntry {
  label: string;
  path: string;
  /** Messages carries the unread-messages badge. */
  showsUnreadMessages?: boolean;
}

/** The level may be missing on older accounts: they count as Public. */
interface NavigationUser {
  accessLevel?: string | null;
  isAdmin: boolean;
}

/**
 * The menu (Dashboard, Forums, Messages, Projects, Admin), plus Members (the directory, for every
 * member: no feature flag names it). Projects and Admin are for Core members and admins (the
 * isAdmin flag): the project service lets both in, so the menu offers it to both. Each flagged entry also needs its feature on.
 */
export function navigationEntries(user: NavigationUser, flags: FeatureFlags): NavigationEntry[] {
  const isCore = normalizeAccessLevel(user.accessLevel) === 'Core';
  const entries: NavigationEntry[] = [];
  if (flags.dashboard) entries.push({ label: 'Dashboard', path: '/' });
  if (flags.forums) entries.push({ label: 'Forums', path: '/forums' });
  if (flags.messaging) entries.push({ label: 'Messages', path: '/messages', showsUnreadMessages: true });
  entries.push({ label: 'Members', path: '/members' });
  if (flags.projects && (user.isAdmin || isCore)) entries.push({ label: 'Projects', path: '/projects' });
  if (flags.userManagement && (user.isAdmin || isCore)) entries.push({ label: 'Admin', path: '/admin' });
  return entries;
}

/** '/' is current only on the home page; other entries also cover the pages below them. */
export function isEntryActive(entryPath: string, currentPath: string): boolean {
  if (entryPath === '/') return currentPath === '/';
  return currentPath === entryPath || currentPath.startsWith(`${entryPath}/`);
}
