import type { DataExportFile, DataExportPart } from '@crucible/proto';
import { readDataExportFiles, readDataExportSections, type DataExportSections } from '@crucible/platform';
import type { Db } from './db.ts';

/** A member's part of their data export: everything profile keeps of or by them. */
const SECTIONS: DataExportSections = {
  profile: `SELECT * FROM profiles WHERE user_id = $1::uuid`,
  workplaces: `SELECT * FROM user_workplaces WHERE user_id = $1::uuid ORDER BY created_at`,
  education: `SELECT * FROM user_education WHERE user_id = $1::uuid`,
  skills: `SELECT * FROM user_skills WHERE user_id = $1::uuid ORDER BY created_at`,
  endorsementsReceived: `SELECT e.*, s.skill_name FROM skill_endorsements e JOIN user_skills s ON s.id = e.skill_id
    WHERE e.endorsee_id = $1::uuid ORDER BY e.created_at`,
  endorsementsGiven: `SELECT e.*, s.skill_name FROM skill_endorsements e JOIN user_skills s ON s.id = e.skill_id
    WHERE e.endorser_id = $1::uuid ORDER BY e.created_at`,
  leadershipProgress: `SELECT * FROM leadership_progress WHERE user_id = $1::uuid`,
  privacy: `SELECT * FROM profile_privacy WHERE user_id = $1::uuid`,
  stats: `SELECT * FROM user_stats WHERE user_id = $1::uuid`,
  activity: `SELECT * FROM user_activity WHERE user_id = $1::uuid ORDER BY created_at`,
  // The profiles they looked at; who looked at theirs is the viewers' activity, not theirs.
  profileViewsMade: `SELECT * FROM profile_views WHERE viewer_id = $1::uuid ORDER BY created_at`,
};

/**
 * SQL: the export is each table's rows as stored (column names, PostgreSQL's JSON of each value), and
 * the platform's export helper wraps the fixed section texts above in its own statement, so the
 * source takes text; the member's id is bound, never spliced.
 */
const sourceOf = (db: Db) => ({
  query: async (text: string, values: unknown[]) => ({
    rows: await db.$queryRawUnsafe<{ items: unknown }[]>(text, ...values),
  }),
});

export function readMemberData(db: Db, userId: string): Promise<DataExportPart> {
  return readDataExportSections(sourceOf(db), SECTIONS, userId);
}

/** Their profile picture's bytes go in the zip too (as picture, with its key's extension). */
export function readMemberFiles(db: Db, userId: string): Promise<DataExportFile[]> {
  return readDataExportFiles(
    sourceOf(db),
    `SELECT 'picture' || coalesce(substring(picture_key from '\\.[A-Za-z0-9]{1,8}$'), '') AS name, picture_key AS blob_key
      FROM profiles WHERE user_id = $1::uuid AND picture_key IS NOT NULL`,
    userId,
  );
}
