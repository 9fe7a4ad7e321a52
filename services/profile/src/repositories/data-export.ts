import type { DataExportPart } from '@crucible/proto';
import { readDataExportSections, type DataExportSections } from '@crucible/platform';
import { rows, type Db } from './db.ts';

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

export function readMemberData(db: Db, userId: string): Promise<DataExportPart> {
  const source = {
    query: async (text: string, values: unknown[]) => ({ rows: await rows<{ items: unknown }>(db, text, ...values) }),
  };
  return readDataExportSections(source, SECTIONS, userId);
}
