import { randomUUID } from 'node:crypto';
import type { Skill, SkillInput } from '@crucible/proto';
import { execute, rows, type Db } from './db.ts';

const SKILL = `s.id::text, s.user_id::text AS "userId", s.skill_name AS "skillName", s.proficiency_level AS "proficiencyLevel",
  s.alchemical_symbol AS "alchemicalSymbol", s.category, s.years_experience AS "yearsExperience", s.description,
  s.is_verified AS "isVerified", s.endorsement_count AS "endorsementCount"`;
const ENDORSED_BY = `EXISTS (SELECT 1 FROM skill_endorsements e WHERE e.skill_id = s.id AND e.endorser_id = $2::uuid) AS "endorsedByViewer"`;

export const skills = {
  list: (db: Db, userId: string, viewerId: string) =>
    rows<Skill>(
      db,
      `SELECT ${SKILL}, ${ENDORSED_BY} FROM user_skills s WHERE s.user_id = $1::uuid ORDER BY s.created_at, s.id`,
      userId,
      viewerId,
    ),
  async find(db: Db, id: string, viewerId: string): Promise<Skill | null> {
    const [row] = await rows<Skill>(
      db,
      `SELECT ${SKILL}, ${ENDORSED_BY} FROM user_skills s WHERE s.id = $1::uuid`,
      id,
      viewerId,
    );
    return row ?? null;
  },
  async add(db: Db, userId: string, input: SkillInput): Promise<string> {
    const id = randomUUID();
    await execute(
      db,
      `INSERT INTO user_skills (id, user_id, skill_name, proficiency_level, alchemical_symbol, category, years_experience, description)
       VALUES ($1::uuid, $2::uuid, $3, $4, $5, $6, $7, $8)`,
      id,
      userId,
      input.skillName,
      input.proficiencyLevel,
      input.alchemicalSymbol ?? null,
      input.category,
      input.yearsExperience,
      input.description ?? null,
    );
    return id;
  },
  delete: (db: Db, id: string) => execute(db, `DELETE FROM user_skills WHERE id = $1::uuid`, id),
  /**
   * Records one endorsement and counts it in the same statement pair; the unique (skill, endorser)
   * key makes a second one fail, so concurrent requests never count twice.
   */
  async endorse(
    db: Db,
    skillId: string,
    endorserId: string,
    endorseeId: string,
    comment: string | null,
  ): Promise<void> {
    await execute(
      db,
      `INSERT INTO skill_endorsements (id, skill_id, endorser_id, endorsee_id, comment) VALUES ($1::uuid, $2::uuid, $3::uuid, $4::uuid, $5)`,
      randomUUID(),
      skillId,
      endorserId,
      endorseeId,
      comment,
    );
    await execute(db, `UPDATE user_skills SET endorsement_count = endorsement_count + 1 WHERE id = $1::uuid`, skillId);
  },
};
