import type { AccessLevel } from '@crucible/proto';
import type { Sql } from './sql.ts';

export interface MemberPrivacy {
  /** Members who hide their online status. */
  hiding: Set<string>;
  /** Each member's contact-information tier, where they set one (absent: the default tier). */
  contactTiers: Map<string, AccessLevel>;
}

/** Members' Online Status switch and contact-information tier as profile announces them; no row means the defaults. */
export const memberSettings = {
  /**
   * Applies a change unless a later one is stored (events may come again or out of order); true when
   * it changed. An event without the contact tier (from before profile sent it) keeps the stored one.
   */
  async apply(
    sql: Sql,
    userId: string,
    settings: { showOnlineStatus: boolean; contactInfoVisible: AccessLevel | undefined },
    changedAt: string,
  ): Promise<boolean> {
    const applied = await sql(
      `INSERT INTO member_settings (user_id, show_online_status, contact_info_visible, changed_at)
       VALUES ($1::uuid, $2, $3, $4::timestamptz)
       ON CONFLICT (user_id) DO UPDATE SET show_online_status = EXCLUDED.show_online_status,
         contact_info_visible = COALESCE(EXCLUDED.contact_info_visible, member_settings.contact_info_visible),
         changed_at = EXCLUDED.changed_at
       WHERE member_settings.changed_at < EXCLUDED.changed_at
       RETURNING user_id`,
      [userId, settings.showOnlineStatus, settings.contactInfoVisible ?? null, changedAt],
    );
    return applied.length > 0;
  },
  async privacyOf(sql: Sql, ids: readonly string[]): Promise<MemberPrivacy> {
    const privacy: MemberPrivacy = { hiding: new Set(), contactTiers: new Map() };
    if (ids.length === 0) return privacy;
    const rows = await sql<{
      user_id: string;
      show_online_status: boolean;
      contact_info_visible: AccessLevel | null;
    }>(
      `SELECT user_id, show_online_status, contact_info_visible FROM member_settings WHERE user_id = ANY($1::uuid[])`,
      [ids],
    );
    for (const row of rows) {
      if (!row.show_online_status) privacy.hiding.add(row.user_id);
      if (row.contact_info_visible) privacy.contactTiers.set(row.user_id, row.contact_info_visible);
    }
    return privacy;
  },
};
