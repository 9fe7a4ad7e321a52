import type pg from 'pg';
import type { DataExportPart } from '@crucible/proto';
import { readDataExportSections, type DataExportSections } from '@crucible/platform';

/**
 * A member's part of their data export: every message of their conversations, sent or received,
 * with the flags that say who deleted it; the blocks they set, their settings and storage quota.
 */
const SECTIONS: DataExportSections = {
  messages: `SELECT * FROM direct_messages WHERE sender_id = $1::uuid OR recipient_id = $1::uuid ORDER BY created_at`,
  blocks: `SELECT * FROM blocks WHERE blocker_id = $1::uuid`,
  settings: `SELECT * FROM member_settings WHERE user_id = $1::uuid`,
  quota: `SELECT * FROM message_quotas WHERE user_id = $1::uuid`,
};

export function readMemberData(pool: pg.Pool, userId: string): Promise<DataExportPart> {
  return readDataExportSections(pool, SECTIONS, userId);
}
