import type { AccessLevel } from '@crucible/proto';
import type { SqlExecutor } from '@crucible/platform';
import type { Sql } from './sql.ts';

/** A member's privacy switches as profile announces them; no row means direct messages are allowed. */
export const memberSettingsRepository = {
  /** Applies a change unless a later one is already stored (events may arrive out of order). */
  /** An event without the contact tier (from before profile sent it) keeps the stored one. */
  apply: (
    db: SqlExecutor,
    userId: string,
    settings: { allowDirectMessages: boolean; contactInfoVisible: AccessLevel | undefined },
    changedAt: string,
  ) =>
    db.$executeRawUnsafe(
      `INSERT INTO member_settings (user_id, allow_direct_messages, contact_info_visible, changed_at)
       VALUES ($1::uuid, $2, $3::access_level, $4::timestamptz)
       ON CONFLICT (user_id) DO UPDATE SET allow_direct_messages = EXCLUDED.allow_direct_messages,
         contact_info_visible = COALESCE(EXCLUDED.contact_info_visible, member_settings.contact_info_visible),
         changed_at = EXCLUDED.changed_at
       WHERE member_settings.changed_at <= EXCLUDED.changed_at`,
      userId,
      settings.allowDirectMessages,
      settings.contactInfoVisible ?? null,
      changedAt,
    ),
  refusesDirectMessages: async (sql: Sql, userId: string): Promise<boolean> =>
    (await sql(`SELECT 1 FROM member_settings WHERE user_id = $1::uuid AND NOT allow_direct_messages`, [userId]))
      .length > 0,
};
