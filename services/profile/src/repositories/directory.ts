import type { Caller } from '@crucible/platform';
import type { AccessLevel, MemberDirectoryQuery } from '@crucible/proto';
import { DEFAULT_PRIVACY } from './privacy.ts';
import { rows, type Db } from './db.ts';

/** One directory row with the two privacy tiers its fields are shown by. */
export interface DirectoryRow {
  id: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  accessLevel: AccessLevel;
  isAdmin: boolean;
  jobTitle: string | null;
  currentLocation: string | null;
  personalInfoVisible: AccessLevel;
  contactInfoVisible: AccessLevel;
  total: number;
}

/** The searcher: their level and whether they are an admin decide whose activity may order the list. */
type Searcher = Pick<Caller, 'userId' | 'accessLevel' | 'isAdmin'>;

/** `%` and `_` in a search are the letters themselves, not patterns. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

const NAME_ORDER = `lower(coalesce(u.first_name, '')), lower(coalesce(u.last_name, '')), u.id`;

export const directory = {
  /**
   * A page of members by name or by recent forum activity. Activity orders only the members whose
   * stats the searcher may see (the stats rule: personal-info and activity-feed tiers, the feed on);
   * the others sort after them by name, so the order leaks nothing the profile hides.
   */
  async page(db: Db, searcher: Searcher, query: MemberDirectoryQuery): Promise<DirectoryRow[]> {
    const order = query.sort === 'activity' ? `visible_activity DESC NULLS LAST, ${NAME_ORDER}` : NAME_ORDER;
    return rows<DirectoryRow>(
      db,
      `SELECT u.id::text, u.first_name AS "firstName", u.last_name AS "lastName",
         u.profile_image_url AS "profileImageUrl", u.access_level::text AS "accessLevel", u.is_admin AS "isAdmin",
         p.job_title AS "jobTitle", p.current_location AS "currentLocation",
         coalesce(pv.personal_info_visible, $6::access_level)::text AS "personalInfoVisible",
         coalesce(pv.contact_info_visible, $9::access_level)::text AS "contactInfoVisible",
         (count(*) OVER ())::int AS total,
         CASE WHEN $4 OR u.id = $3::uuid OR (
           $5::access_level >= coalesce(pv.personal_info_visible, $6::access_level)
           AND $5::access_level >= coalesce(pv.activity_feed_visible, $7::access_level)
           AND coalesce(pv.show_activity_feed, $8)) THEN s.last_activity END AS visible_activity
       FROM users u
       LEFT JOIN profiles p ON p.user_id = u.id
       LEFT JOIN profile_privacy pv ON pv.user_id = u.id
       LEFT JOIN user_stats s ON s.user_id = u.id
       WHERE ($1::text IS NULL OR (coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) ILIKE $1)
         AND ($2::access_level IS NULL OR u.access_level = $2::access_level)
       ORDER BY ${order}
       LIMIT $10 OFFSET $11`,
      query.search ? likePattern(query.search) : null,
      query.tier ?? null,
      searcher.userId,
      searcher.isAdmin,
      searcher.accessLevel,
      DEFAULT_PRIVACY.personalInfoVisible,
      DEFAULT_PRIVACY.activityFeedVisible,
      DEFAULT_PRIVACY.showActivityFeed,
      DEFAULT_PRIVACY.contactInfoVisible,
      query.pageSize,
      (query.page - 1) * query.pageSize,
    );
  },
};
