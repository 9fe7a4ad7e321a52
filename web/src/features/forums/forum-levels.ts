import {
  accessRank,
  forumLevelOf,
  postableLevels,
  visibleForumCategories,
  type AccessLevel,
  type CurrentUser,
  type ForumCategory,
} from '@crucible/proto';

/** The forum of each level, described for the category cards. */
/**
 * A forum members can browse: the four level forums, and for admins the Admin forum, where the
 * discussions posted at the Admin level live (admins can post there, so they can browse it too).
 */
export type ForumLevel = ForumCategory | 'Admin';

export const CATEGORY_DESCRIPTIONS: Record<ForumLevel, string> = {
  Admin: 'Discussions posted at the Admin level: seen by admins only.',
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

/** The level forums a member may enter, highest first; none for Public. */
export function enterableCategories(viewerLevel: AccessLevel): ForumLevel[] {
  const levels = visibleForumCategories(viewerLevel).sort((a, b) => accessRank(b) - accessRank(a)) as ForumLevel[];
  return viewerLevel === 'Admin' ? ['Admin', ...levels] : levels;
}

export function isForumCategory(value: string | null | undefined): value is ForumLevel {
  return (
    value === 'Admin' || value === 'Core' || value === 'Master' || value === 'Journeyman' || value === 'Apprentice'
  );
}

/** The level forums search can be narrowed to (the Admin forum is searched with 'All forums'). */
export function isSearchCategory(value: ForumLevel): value is ForumCategory {
  return value !== 'Admin';
}

/**
 * The access levels a member may pick for a new discussion: Apprentice for
 * Apprentices, adding each level up to their own; Admin adds Admin.
 */
export function creatableLevels(viewerLevel: AccessLevel): AccessLevel[] {
  return postableLevels(viewerLevel);
}
