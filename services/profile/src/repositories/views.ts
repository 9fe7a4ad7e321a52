import { randomUUID } from 'node:crypto';
import type { AccessLevel } from '@crucible/proto';
import type { Db } from './db.ts';
import type { Sql } from './sql.ts';

export interface ViewRecord {
  ownerId: string;
  viewerId: string;
  viewerAccessLevel: AccessLevel;
  ipAddress: string | null;
  userAgent: string | null;
  referrer: string | null;
  sectionsViewed: string[];
}

export const views = {
  async record(db: Db, view: ViewRecord): Promise<string> {
    const { id } = await db.profileView.create({
      data: {
        id: randomUUID(),
        profileOwnerId: view.ownerId,
        viewerId: view.viewerId,
        viewerAccessLevel: view.viewerAccessLevel,
        ipAddress: view.ipAddress,
        userAgent: view.userAgent,
        referrer: view.referrer,
        sectionsViewed: view.sectionsViewed,
      },
      select: { id: true },
    });
    return id;
  },
  /** Only the viewer who made the view sets its time; returns whether such a view exists. */
  async setTimeSpent(db: Db, ownerId: string, viewId: string, viewerId: string, seconds: number): Promise<boolean> {
    const { count } = await db.profileView.updateMany({
      where: { id: viewId, profileOwnerId: ownerId, viewerId },
      data: { timeSpent: seconds },
    });
    return count > 0;
  },
  /**
   * Totals and views per day over the window, one indexed range scan. SQL (prepared: the profile
   * bench measures it): the model API has no count of distinct values, no rounding in the database,
   * and no calendar of days to join against.
   */
  async analytics(sql: Sql, ownerId: string, days: number) {
    const [totals] = await sql<{ totalViews: number; uniqueViewers: number; avgTimeSpent: number }>(
      `SELECT count(*)::int AS "totalViews", count(DISTINCT viewer_id)::int AS "uniqueViewers",
         COALESCE(round(avg(time_spent), 1), 0)::float8 AS "avgTimeSpent"
       FROM profile_views WHERE profile_owner_id = $1::uuid AND created_at >= now() - make_interval(days => $2)`,
      [ownerId, days],
    );
    const perDay = await sql<{ date: string; views: number }>(
      `SELECT to_char(d.day, 'YYYY-MM-DD') AS date, count(v.id)::int AS views
       FROM generate_series((now() AT TIME ZONE 'UTC')::date - ($2::int - 1), (now() AT TIME ZONE 'UTC')::date, interval '1 day') AS d(day)
       LEFT JOIN profile_views v ON v.profile_owner_id = $1::uuid
         AND v.created_at >= d.day AT TIME ZONE 'UTC' AND v.created_at < (d.day + interval '1 day') AT TIME ZONE 'UTC'
       GROUP BY d.day ORDER BY d.day`,
      [ownerId, days],
    );
    return { stats: totals!, viewsPerDay: perDay };
  },
};
