import { LIMITS } from '@crucible/proto';
import type { Sql } from './sql.ts';

export interface QuotaRow {
  used_bytes: number;
  max_bytes: number;
  warning_threshold: number;
}

const QUOTA_COLUMNS = `used_bytes::float8 AS used_bytes, max_bytes::float8 AS max_bytes, warning_threshold::float8 AS warning_threshold`;

/** A member who never sent anything has the default quota, without a row. */
export const DEFAULT_QUOTA: QuotaRow = {
  used_bytes: 0,
  max_bytes: LIMITS.directMessage.quotaBytes,
  warning_threshold: LIMITS.directMessage.quotaWarningBytes,
};

export const quotaRepository = {
  find: async (sql: Sql, userId: string): Promise<QuotaRow> =>
    (await sql<QuotaRow>(`SELECT ${QUOTA_COLUMNS} FROM message_quotas WHERE user_id = $1::uuid`, [userId]))[0] ??
    DEFAULT_QUOTA,

  ensure: (sql: Sql, userId: string) =>
    sql(`INSERT INTO message_quotas (user_id) VALUES ($1::uuid) ON CONFLICT (user_id) DO NOTHING RETURNING user_id`, [
      userId,
    ]),

  /**
   * Takes `bytes` of the member's quota when they fit, in one conditional UPDATE: the row lock it
   * takes makes concurrent sends of one member queue here, so the sum can never pass max_bytes.
   * Answers false (and changes nothing) when they do not fit.
   */
  reserve: async (sql: Sql, userId: string, bytes: number): Promise<boolean> => {
    const rows = await sql(
      `UPDATE message_quotas SET used_bytes = used_bytes + $2, last_calculated = now()
       WHERE user_id = $1::uuid AND used_bytes + $2 <= max_bytes RETURNING user_id`,
      [userId, bytes],
    );
    return rows.length === 1;
  },

  /** Locks the member's quota row first, as a send does, so a delete and a send of one member never deadlock. */
  lock: (sql: Sql, userId: string) =>
    sql(`SELECT user_id FROM message_quotas WHERE user_id = $1::uuid FOR UPDATE`, [userId]),

  release: (sql: Sql, userId: string, bytes: number) =>
    sql(
      `UPDATE message_quotas SET used_bytes = used_bytes - $2, last_calculated = now() WHERE user_id = $1::uuid RETURNING user_id`,
      [userId, bytes],
    ),
};
