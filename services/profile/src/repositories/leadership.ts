import { randomUUID } from 'node:crypto';
import type { LeadershipProgress } from '@crucible/proto';
import { execute, rows, type Db } from './db.ts';

export interface LeadershipValues {
  visionScore: number;
  integrityScore: number;
  passionScore: number;
  leadershipCoefficient: number;
  leadershipScore: number;
  overallScore: number;
  lastAssessmentDate: string | null;
}

const SELECT = `id::text, user_id::text AS "userId", vision_score AS "visionScore", integrity_score AS "integrityScore",
  passion_score AS "passionScore", leadership_coefficient::float8 AS "leadershipCoefficient",
  leadership_score::float8 AS "leadershipScore", overall_score AS "overallScore",
  last_assessment_date AS "lastAssessmentDate", current_phase AS "currentPhase", next_milestone AS "nextMilestone"`;

export const leadership = {
  async find(db: Db, userId: string): Promise<LeadershipProgress | null> {
    const [row] = await rows<LeadershipProgress>(
      db,
      `SELECT ${SELECT} FROM leadership_progress WHERE user_id = $1::uuid`,
      userId,
    );
    return row ?? null;
  },
  /** Inserts, or does nothing when the member already has a row (the caller answers 409). */
  insert: (db: Db, userId: string, values: LeadershipValues) =>
    execute(
      db,
      `INSERT INTO leadership_progress (id, user_id, vision_score, integrity_score, passion_score, leadership_coefficient,
         leadership_score, overall_score, last_assessment_date)
       VALUES ($1::uuid, $2::uuid, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (user_id) DO NOTHING`,
      randomUUID(),
      userId,
      values.visionScore,
      values.integrityScore,
      values.passionScore,
      values.leadershipCoefficient,
      values.leadershipScore,
      values.overallScore,
      values.lastAssessmentDate,
    ),
  update: (db: Db, userId: string, values: LeadershipValues) =>
    execute(
      db,
      `UPDATE leadership_progress SET vision_score = $2, integrity_score = $3, passion_score = $4,
         leadership_coefficient = $5, leadership_score = $6, overall_score = $7, last_assessment_date = $8, updated_at = now()
       WHERE user_id = $1::uuid`,
      userId,
      values.visionScore,
      values.integrityScore,
      values.passionScore,
      values.leadershipCoefficient,
      values.leadershipScore,
      values.overallScore,
      values.lastAssessmentDate,
    ),
};
