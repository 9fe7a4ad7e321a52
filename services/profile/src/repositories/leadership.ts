import { randomUUID } from 'node:crypto';
import type { LeadershipProgress } from '@crucible/proto';
import type { Db } from './db.ts';

export interface LeadershipValues {
  visionScore: number;
  integrityScore: number;
  passionScore: number;
  leadershipCoefficient: number;
  leadershipScore: number;
  overallScore: number;
  lastAssessmentDate: string | null;
}

const SELECT = {
  id: true,
  userId: true,
  visionScore: true,
  integrityScore: true,
  passionScore: true,
  leadershipCoefficient: true,
  leadershipScore: true,
  overallScore: true,
  lastAssessmentDate: true,
  currentPhase: true,
  nextMilestone: true,
} as const;

export const leadership = {
  async find(db: Db, userId: string): Promise<LeadershipProgress | null> {
    const row = await db.leadershipProgress.findUnique({ where: { userId }, select: SELECT });
    if (!row) return null;
    return {
      id: row.id,
      userId: row.userId,
      visionScore: row.visionScore,
      integrityScore: row.integrityScore,
      passionScore: row.passionScore,
      leadershipCoefficient: row.leadershipCoefficient.toNumber(),
      leadershipScore: row.leadershipScore.toNumber(),
      overallScore: row.overallScore,
      lastAssessmentDate: row.lastAssessmentDate,
      currentPhase: row.currentPhase,
      nextMilestone: row.nextMilestone,
    };
  },
  /** Inserts, or does nothing when the member already has a row (the caller answers 409); answers the rows written. */
  insert: async (db: Db, userId: string, values: LeadershipValues): Promise<number> =>
    (await db.leadershipProgress.createMany({ data: [{ id: randomUUID(), userId, ...values }], skipDuplicates: true }))
      .count,
  update: async (db: Db, userId: string, values: LeadershipValues): Promise<number> =>
    (await db.leadershipProgress.updateMany({ where: { userId }, data: { ...values, updatedAt: new Date() } })).count,
};
