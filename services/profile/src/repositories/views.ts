import { randomUUID } from 'node:crypto';
import type { AccessLevel } from '@crucible/proto';
import { execute, rows, type Db } from './db.ts';

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
    const id = randomUUID();
    await execute(
      db,
      `INSERT INTO profile_views (id, profile_owner_id, viewer_id, viewer_access_level, ip_address, user_agent, referrer, sections_viewed)
       VALUES ($1::uuid, $2::uuid, $3::uuid, $4::access_level, $5, $6, $7, $8)`,
      id,
      view.ownerId,
      view.viewerId,
      view.viewerAccessLevel,
      view.ipAddress,
      view.userAgent,
      view.referrer,
      view.sectionsViewed,
    );
    return id;
  },
  /** Only the viewer who made the view sets its time; returns whether such a view exists. */
  async setTimeSpent(db: Db, ownerId: string, viewId: string, viewerId: string, seconds: number): Promise<boolean> {
    return (
      (await execute(
        db,
        `UPDATE profile_views SET time_spent = $4 WHERE id = $1::uuid AND profile_owner_id = $2::uuid AND viewer_id = $3::uuid`,
        viewId,
        ownerId,
        viewerId,
        seconds,
      )) > 0
    );
  },
  /** Totals and views per day over the window, one indexed range scan. */
  async analytics(db: Db, ownerId: string, days: number) {
    const [totals] = await rows<{ totalViews: number; uniqueViewers: number; avgTimeSpent: number }>(
      db,
      `SELECT count(*)::int AS "totalViews", count(DISTINCT viewer_id)::int AS "uniqueViewers",
         COALESCE(round(avg(time_spent), 1), 0)::float8 AS "avgTimeSpent"
       FROM profile_views WHERE profile_owner_id = $1::uuid AND created_at >= now() - make_interval(days => $2)`,
      ownerId,
      days,
    );
    const perDay = await rows<{ date: string; views: number }>(
      db,
      `SELECT to_char(d.day, 'YYYY-MM-DD') AS date, count(v.id)::int AS views
       FROM generate_series((now() AT TIME ZONE 'UTC')::date - ($2::int - 1), (now() AT TIME ZONE 'UTC')::date, interval '1 day') AS d(day)
       LEFT JOIN profile_views v ON v.profile_owner_id = $1::uuid
         AND v.created_at >= d.day AT TIME ZONE 'UTC' AND v.created_at < (d.day + interval '1 day') AT TIME ZONE 'UTC'
       GROUP BY d.day ORDER BY d.day`,
      ownerId,
      days,
    );
    return { stats: totals!, viewsPerDay: perDay };
  },
};
