import type { Db } from './db.ts';

/**
 * What profile removes of a deleted member (deploy/RUNBOOK.md, "User deletion"): their whole profile
 * (story fields, picture reference, workplaces, education, skills with their endorsements, leadership
 * progress, privacy, stats, activity), the views of and by them, and the endorsements they gave
 * (the endorsed skills' counts drop with them). Answers the key of the picture file that no profile
 * shows any more (pictures are named by content, so another member may show the same file).
 */
export async function purgeMember(db: Db, userId: string): Promise<{ unusedPictureKey: string | null }> {
  const picture = await db.profile.findFirst({
    where: { userId, pictureKey: { not: null } },
    select: { pictureKey: true },
  });
  // SQL: the model API cannot floor a decrement at 0 nor update each skill by a count grouped from another table.
  await db.$executeRaw`
    UPDATE user_skills s SET endorsement_count = GREATEST(s.endorsement_count - e.given, 0)
    FROM (SELECT skill_id, count(*)::int AS given FROM skill_endorsements WHERE endorser_id = ${userId}::uuid GROUP BY skill_id) e
    WHERE s.id = e.skill_id`;
  await db.skillEndorsement.deleteMany({ where: { OR: [{ endorserId: userId }, { endorseeId: userId }] } });
  await db.skill.deleteMany({ where: { userId } });
  await db.workplace.deleteMany({ where: { userId } });
  await db.education.deleteMany({ where: { userId } });
  await db.leadershipProgress.deleteMany({ where: { userId } });
  await db.privacySettings.deleteMany({ where: { userId } });
  await db.userStats.deleteMany({ where: { userId } });
  await db.userActivity.deleteMany({ where: { userId } });
  await db.profile.deleteMany({ where: { userId } });
  await db.profileView.deleteMany({ where: { OR: [{ profileOwnerId: userId }, { viewerId: userId }] } });
  const key = picture?.pictureKey;
  if (!key) return { unusedPictureKey: null };
  const shown = await db.profile.findFirst({ where: { pictureKey: key }, select: { userId: true } });
  return { unusedPictureKey: shown ? null : key };
}
