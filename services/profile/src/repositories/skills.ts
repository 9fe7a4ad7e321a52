import { randomUUID } from 'node:crypto';
import type { Skill, SkillInput } from '@crucible/proto';
import type { Db } from './db.ts';

/** A skill as the API shows it, with whether the viewer has endorsed it (their endorsement, if any). */
const skillSelect = (viewerId: string) =>
  ({
    id: true,
    userId: true,
    skillName: true,
    proficiencyLevel: true,
    alchemicalSymbol: true,
    category: true,
    yearsExperience: true,
    description: true,
    isVerified: true,
    endorsementCount: true,
    endorsements: { where: { endorserId: viewerId }, select: { id: true }, take: 1 },
  }) as const;

type SkillRow = Omit<Skill, 'endorsedByViewer'> & { endorsements: { id: string }[] };

const toSkill = ({ endorsements, ...skill }: SkillRow): Skill => ({
  ...skill,
  endorsedByViewer: endorsements.length > 0,
});

export const skills = {
  list: async (db: Db, userId: string, viewerId: string): Promise<Skill[]> =>
    (
      await db.skill.findMany({
        where: { userId },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        select: skillSelect(viewerId),
      })
    ).map(toSkill),
  async find(db: Db, id: string, viewerId: string): Promise<Skill | null> {
    const row = await db.skill.findUnique({ where: { id }, select: skillSelect(viewerId) });
    return row ? toSkill(row) : null;
  },
  async add(db: Db, userId: string, input: SkillInput): Promise<string> {
    const { id } = await db.skill.create({
      data: {
        id: randomUUID(),
        userId,
        skillName: input.skillName,
        proficiencyLevel: input.proficiencyLevel,
        alchemicalSymbol: input.alchemicalSymbol ?? null,
        category: input.category,
        yearsExperience: input.yearsExperience,
        description: input.description ?? null,
      },
      select: { id: true },
    });
    return id;
  },
  delete: async (db: Db, id: string): Promise<number> => (await db.skill.deleteMany({ where: { id } })).count,
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
    await db.skillEndorsement.create({
      data: { id: randomUUID(), skillId, endorserId, endorseeId, comment },
      select: { id: true },
    });
    await db.skill.updateMany({ where: { id: skillId }, data: { endorsementCount: { increment: 1 } } });
  },
};
