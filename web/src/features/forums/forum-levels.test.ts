import type { AccessLevel } from '@crucible/proto';
import { describe, expect, it } from 'vitest';
import { creatableLevels, enterableCategories, viewerLevelOf } from './forum-levels.ts';

describe('enterableCategories', () => {
  it.each<[AccessLevel, string[]]>([
    ['Admin', ['Admin', 'Core', 'Master', 'Journeyman', 'Apprentice']],
    ['Core', ['Core', 'Master', 'Journeyman', 'Apprentice']],
    ['Master', ['Master', 'Journeyman', 'Apprentice']],
    ['Journeyman', ['Journeyman', 'Apprentice']],
    ['Apprentice', ['Apprentice']],
    ['Public', []],
  ])('shows a %s member the forums %j', (level, forums) => {
    expect(enterableCategories(level)).toEqual(forums);
  });
});

describe('creatableLevels', () => {
  it.each<[AccessLevel, string[]]>([
    ['Apprentice', ['Apprentice']],
    ['Journeyman', ['Apprentice', 'Journeyman']],
    ['Master', ['Apprentice', 'Journeyman', 'Master']],
    ['Core', ['Apprentice', 'Journeyman', 'Master', 'Core']],
    ['Admin', ['Apprentice', 'Journeyman', 'Master', 'Core', 'Admin']],
    ['Public', []],
  ])('lets a %s member post at %j', (level, levels) => {
    expect(creatableLevels(level)).toEqual(levels);
  });
});

describe('viewerLevelOf', () => {
  it('treats an admin by flag as the Admin level, whatever the stored level', () => {
    expect(viewerLevelOf({ accessLevel: 'Journeyman', isAdmin: true })).toBe('Admin');
    expect(viewerLevelOf({ accessLevel: 'Journeyman', isAdmin: false })).toBe('Journeyman');
  });
});
