import type pg from 'pg';
import type { DataExportPart } from '@crucible/proto';
import { readDataExportSections, type DataExportSections } from '@crucible/platform';

/**
 * A member's part of their data export: their community chat messages, notifications, settings,
 * notification preferences and when they were last seen.
 */
const SECTIONS: DataExportSections = {
  chatMessages: `SELECT * FROM chat_messages WHERE sender_id = $1::uuid ORDER BY created_at`,
  notifications: `SELECT * FROM notifications WHERE user_id = $1::uuid ORDER BY created_at`,
  settings: `SELECT * FROM member_settings WHERE user_id = $1::uuid`,
  notificationPreferences: `SELECT * FROM notification_preferences WHERE user_id = $1::uuid`,
  lastSeen: `SELECT * FROM member_last_seen WHERE user_id = $1::uuid`,
};

export function readMemberData(pool: pg.Pool, userId: string): Promise<DataExportPart> {
  return readDataExportSections(pool, SECTIONS, userId);
}
