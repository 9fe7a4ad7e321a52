import { ACCESS_LEVELS, defaultFeatureFlags, type FeatureFlags } from '@crucible/proto';
import { describe, expect, it } from 'vitest';
import { isEntryActive, navigationEntries } from './navigation-entries.ts';

const allOn: FeatureFlags = { ...defaultFeatureFlags('development'), notifications: true };

function labelsFor(user: { accessLevel?: string | null; isAdmin: boolean }, flags: FeatureFlags = allOn): string[] {
  return navigationEntries(user, flags).map((entry) => entry.label);
}

describe('navigationEntries', () => {
  it.each(['Public', 'Apprentice', 'Journeyman', 'Master'])(
    'gives a %s member Dashboard, Forums, Messages and Members only',
    (accessLevel) => {
      expect(labelsFor({ accessLevel, isAdmin: false })).toEqual(['Dashboard', 'Forums', 'Messages', 'Members']);
    },
  );

  it('adds Projects and Admin for the Core level', () => {
    expect(labelsFor({ accessLevel: 'Core', isAdmin: false })).toEqual([
      'Dashboard',
      'Forums',
      'Messages',
      'Members',
      'Projects',
      'Admin',
    ]);
  });

  it('adds Projects and Admin for an admin below Core (the project service lets admins in)', () => {
    expect(labelsFor({ accessLevel: 'Apprentice', isAdmin: true })).toEqual([
      'Dashboard',
      'Forums',
      'Messages',
      'Members',
      'Projects',
      'Admin',
    ]);
  });

  it('keeps Projects from members below Core without the admin flag', () => {
    expect(labelsFor({ accessLevel: 'Admin', isAdmin: false })).not.toContain('Projects');
    expect(labelsFor({ accessLevel: 'Master', isAdmin: false })).not.toContain('Projects');
    expect(labelsFor({ accessLevel: 'Admin', isAdmin: true })).toEqual([
      'Dashboard',
      'Forums',
      'Messages',
      'Members',
      'Projects',
      'Admin',
    ]);
  });

  it('treats a member without a level as Public', () => {
    expect(labelsFor({ accessLevel: null, isAdmin: false })).toEqual(
      labelsFor({ accessLevel: 'Public', isAdmin: false }),
    );
    expect(labelsFor({ accessLevel: 'Wizard', isAdmin: false })).toEqual([
      'Dashboard',
      'Forums',
      'Messages',
      'Members',
    ]);
  });

  it('hides each entry whose feature is off', () => {
    const core = { accessLevel: 'Core', isAdmin: false };
    expect(labelsFor(core, { ...allOn, dashboard: false })).not.toContain('Dashboard');
    expect(labelsFor(core, { ...allOn, forums: false })).not.toContain('Forums');
    expect(labelsFor(core, { ...allOn, messaging: false })).not.toContain('Messages');
    expect(labelsFor(core, { ...allOn, projects: false })).not.toContain('Projects');
    expect(labelsFor(core, { ...allOn, userManagement: false })).not.toContain('Admin');
    expect(labelsFor({ accessLevel: 'Public', isAdmin: true }, { ...allOn, userManagement: false })).not.toContain(
      'Admin',
    );
  });

  it('shows only Members (no feature flag names it) when every feature is off', () => {
    const off = Object.fromEntries(Object.keys(allOn).map((flag) => [flag, false])) as FeatureFlags;
    for (const accessLevel of ACCESS_LEVELS)
      expect(labelsFor({ accessLevel, isAdmin: true }, off)).toEqual(['Members']);
  });

  it('links each entry to its route and puts the unread badge on Messages only', () => {
    const entries = navigationEntries({ accessLevel: 'Core', isAdmin: true }, allOn);
    expect(entries.map((entry) => entry.path)).toEqual([
      '/',
      '/forums',
      '/messages',
      '/members',
      '/projects',
      '/admin',
    ]);
    expect(entries.filter((entry) => entry.showsUnreadMessages).map((entry) => entry.label)).toEqual(['Messages']);
  });
});

describe('isEntryActive', () => {
  it('matches the dashboard only on / exactly', () => {
    expect(isEntryActive('/', '/')).toBe(true);
    expect(isEntryActive('/', '/forums')).toBe(false);
  });

  it('matches other entries on their path and the pages below it', () => {
    expect(isEntryActive('/forums', '/forums')).toBe(true);
    expect(isEntryActive('/forums', '/forums/discussions/42')).toBe(true);
    expect(isEntryActive('/forums', '/forumsmith')).toBe(false);
    expect(isEntryActive('/messages', '/forums')).toBe(false);
  });
});
