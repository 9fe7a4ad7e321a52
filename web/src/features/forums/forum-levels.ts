import {
  accessRank,
  forumLevelOf,
  postableLevels,
  visibleForumCategories,
  type AccessLevel,
  type CurrentUser,
  type ForumCategory,
} from '@crucible/proto';

/** The forum of each level, described for the category cards (spec 2 section 2). */
export const CATEGORY_DESCRIPTIONS: Record<ForumCategory, string> = {
  Core: 'The inner circle: stewardship of the community, strategy and the decisions that shape Crucible. Open to Core members and admins.',
  Master: 'For seasoned leaders: mentoring others, leading at scale and the lessons only experience teaches.',
  Journeyman:
    'For members growing their practice: work in progress, feedback on real challenges and taking on more responsibility.',
  Apprentice: 'Where every member starts: introductions, questions of any size and first steps in leadership.',
};

/** Accents per level; purely visual, never the only way a level is told (its name is always written). */
export const LEVEL_COLOURS: Record<AccessLevel, string> = {
  Public: '#757575',
  Apprentice: '#2e7d32',
  Journeyman: '#1565c0',
  Master: '#b26a00',
  Core: '#7b1fa2',
  Admin: '#c62828',
};

/** The level whose forums a member sees: admins (by flag or level) see everything. */
export function viewerLevelOf(member: Pick<CurrentUser, 'accessLevel' | 'isAdmin'>): AccessLevel {
  return forumLevelOf(member);
}

/** The level forums a member may enter, highest first (spec 2 section 6); none for Public. */
export function enterableCategories(viewerLevel: AccessLevel): ForumCategory[] {
  return visibleForumCategories(viewerLevel).sort((a, b) => accessRank(b) - accessRank(a)) as ForumCategory[];
}

export function isForumCategory(value: string | null | undefined): value is ForumCategory {
  return value === 'Core' || value === 'Master' || value === 'Journeyman' || value === 'Apprentice';
}

/**
 * The access levels a member may pick for a new discussion (spec 2 section 6): Apprentice for
 * Apprentices, adding each level up to their own; Admin adds Admin.
 */
export function creatableLevels(viewerLevel: AccessLevel): AccessLevel[] {
  return postableLevels(viewerLevel);
}
