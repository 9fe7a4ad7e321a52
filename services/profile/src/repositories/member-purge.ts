import { execute, rows, type Db } from './db.ts';

/**
 * What profile removes of a deleted member (deploy/RUNBOOK.md, "User deletion"): their whole profile
 * (story fields, picture reference, workplaces, education, skills with their endorsements, leadership
 * progress, privacy, stats, activity), the views of and by them, and the endorsements they gave
 * (the endorsed skills' counts drop with them). Answers the key of the picture file that no profile
 * shows any more (pictures are named by content, so another member may show the same file).
 */
export async function purgeMember(db: Db, userId: string): Promise<{ unusedPictureKey: string | null }> {
  const [picture] = await rows<{ key: string }>(
    db,
    `SELECT picture_key AS key FROM profiles WHERE user_id = $1::uuid AND picture_key IS NOT NULL`,
    userId,
  );
  await execute(
    db,
    `UPDATE user_skills s SET endorsement_count = GREATEST(s.endorsement_count - e.given, 0)
     FROM (SELECT skill_id, count(*)::int AS given FROM skill_endorsements WHERE endorser_id = $1::uuid GROUP BY skill_id) e
     WHERE s.id = e.skill_id`,
    userId,
  );
  await execute(db, `DELETE FROM skill_endorsements WHERE endorser_id = $1::uuid OR endorsee_id = $1::uuid`, userId);
  for (const table of [
    'user_skills',
    'user_workplaces',
    'user_education',
    'leadership_progress',
    'profile_privacy',
    'user_stats',
    'user_activity',
    'profiles',
  ]) {
    await execute(db, `DELETE FROM ${table} WHERE user_id = $1::uuid`, userId);
  }
  await execute(db, `DELETE FROM profile_views WHERE profile_owner_id = $1::uuid OR viewer_id = $1::uuid`, userId);
  if (!picture) return { unusedPictureKey: null };
  const [shown] = await rows(db, `SELECT 1 FROM profiles WHERE picture_key = $1 LIMIT 1`, picture.key);
  return { unusedPictureKey: shown ? null : picture.key };
}
