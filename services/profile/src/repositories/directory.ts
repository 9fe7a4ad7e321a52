import type { Caller } from '@crucible/platform';
import type { AccessLevel, MemberDirectoryQuery } from '@crucible/proto';
import { DEFAULT_PRIVACY } from './privacy.ts';
import { Prisma } from '../generated/prisma/client.ts';
import type { Db } from './db.ts';

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

const NAME_ORDER = Prisma.sql`lower(coalesce(u.first_name, '')), lower(coalesce(u.last_name, '')), u.id`;

export const directory = {
  /**
   * A page of members by name or by recent forum activity. Activity orders only the members whose
   * stats the searcher may see (the stats rule: personal-info and activity-feed tiers, the feed on);
   * the others sort after them by name, so the order leaks nothing the profile hides.
   */
  async page(db: Db, searcher: Searcher, query: MemberDirectoryQuery): Promise<DirectoryRow[]> {
    const order = query.sort === 'activity' ? Prisma.sql`visible_activity DESC NULLS LAST, ${NAME_ORDER}` : NAME_ORDER;
    const search = query.search ? likePattern(query.search) : null;
    const tier = query.tier ?? null;
    // SQL: the model API cannot order by a value computed from privacy defaults and the searcher,
    // match a pattern against the joined full name, nor count the whole match beside a page (a window).
    return db.$queryRaw<DirectoryRow[]>`
      SELECT u.id::text, u.first_name AS "firstName", u.last_name AS "lastName",
        u.profile_image_url AS "profileImageUrl", u.access_level::text AS "accessLevel", u.is_admin AS "isAdmin",
        p.job_title AS "jobTitle", p.current_location AS "currentLocation",
        coalesce(pv.personal_info_visible, ${DEFAULT_PRIVACY.personalInfoVisible}::access_level)::text AS "personalInfoVisible",
        coalesce(pv.contact_info_visible, ${DEFAULT_PRIVACY.contactInfoVisible}::access_level)::text AS "contactInfoVisible",
        (count(*) OVER ())::int AS total,
        CASE WHEN ${searcher.isAdmin} OR u.id = ${searcher.userId}::uuid OR (
          ${searcher.accessLevel}::access_level >= coalesce(pv.personal_info_visible, ${DEFAULT_PRIVACY.personalInfoVisible}::access_level)
          AND ${searcher.accessLevel}::access_level >= coalesce(pv.activity_feed_visible, ${DEFAULT_PRIVACY.activityFeedVisible}::access_level)
          AND coalesce(pv.show_activity_feed, ${DEFAULT_PRIVACY.showActivityFeed})) THEN s.last_activity END AS visible_activity
      FROM users u
      LEFT JOIN profiles p ON p.user_id = u.id
      LEFT JOIN profile_privacy pv ON pv.user_id = u.id
      LEFT JOIN user_stats s ON s.user_id = u.id
      WHERE (${search}::text IS NULL OR (coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) ILIKE ${search})
        AND (${tier}::access_level IS NULL OR u.access_level = ${tier}::access_level)
      ORDER BY ${order}
      LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`;
  },
};
