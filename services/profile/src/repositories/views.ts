import { randomUUID } from 'node:crypto';
import type { AccessLevel } from '@crucible/proto';
import type { Db } from './db.ts';

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
   * Totals and views per day over the window, one indexed range scan. SQL: the model API has no
   * count of distinct values, no rounding in the database, and no calendar of days to join against.
   */
  async analytics(db: Db, ownerId: string, days: number) {
    const [totals] = await db.$queryRaw<{ totalViews: number; uniqueViewers: number; avgTimeSpent: number }[]>`
      SELECT count(*)::int AS "totalViews", count(DISTINCT viewer_id)::int AS "uniqueViewers",
        COALESCE(round(avg(time_spent), 1), 0)::float8 AS "avgTimeSpent"
      FROM profile_views WHERE profile_owner_id = ${ownerId}::uuid AND created_at >= now() - make_interval(days => ${days})`;
    const perDay = await db.$queryRaw<{ date: string; views: number }[]>`
      SELECT to_char(d.day, 'YYYY-MM-DD') AS date, count(v.id)::int AS views
      FROM generate_series((now() AT TIME ZONE 'UTC')::date - (${days}::int - 1), (now() AT TIME ZONE 'UTC')::date, interval '1 day') AS d(day)
      LEFT JOIN profile_views v ON v.profile_owner_id = ${ownerId}::uuid
        AND v.created_at >= d.day AT TIME ZONE 'UTC' AND v.created_at < (d.day + interval '1 day') AT TIME ZONE 'UTC'
      GROUP BY d.day ORDER BY d.day`;
    return { stats: totals!, viewsPerDay: perDay };
  },
};
