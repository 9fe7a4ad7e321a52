import type pg from 'pg';

/** Members' Online Status switch as profile announces it; no row means shown. */
export const memberSettings = {
  /** Applies a change unless a later one is stored (events may come again or out of order); true when it changed. */
  async apply(db: pg.Pool, userId: string, showOnlineStatus: boolean, changedAt: string): Promise<boolean> {
    const result = await db.query(
      `INSERT INTO member_settings (user_id, show_online_status, changed_at) VALUES ($1::uuid, $2, $3::timestamptz)
       ON CONFLICT (user_id) DO UPDATE SET show_online_status = EXCLUDED.show_online_status, changed_at = EXCLUDED.changed_at
       WHERE member_settings.changed_at < EXCLUDED.changed_at`,
      [userId, showOnlineStatus, changedAt],
    );
    return (result.rowCount ?? 0) > 0;
  },
  /** Those of `ids` who hide their online status. */
  async hiding(db: pg.Pool, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const { rows } = await db.query<{ user_id: string }>(
      `SELECT user_id FROM member_settings WHERE user_id = ANY($1::uuid[]) AND NOT show_online_status`,
      [ids],
    );
    return new Set(rows.map((row) => row.user_id));
  },
};
