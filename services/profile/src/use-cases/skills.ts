import { ConflictError, ForbiddenError, NotFoundError, isUniqueViolation, type Caller } from '@crucible/platform';
import { PROFILE_MESSAGES, type Skill, type SkillInput } from '@crucible/proto';
import { privacy } from '../repositories/privacy.ts';
import { skills } from '../repositories/skills.ts';
import { profileOwner, requireOwnerOrAdmin, requireSection } from './access.ts';
import type { ProfileContext } from './context.ts';

export async function listSkills(ctx: ProfileContext, caller: Caller, ownerId: string): Promise<Skill[]> {
  await requireSection(ctx, caller, ownerId, 'skills');
  return skills.list(ctx.prisma, ownerId, caller.userId);
}

export async function addSkill(
  ctx: ProfileContext,
  caller: Caller,
  ownerId: string,
  input: SkillInput,
): Promise<Skill> {
  requireOwnerOrAdmin(caller, ownerId);
  await profileOwner(ctx, ctx.prisma, ownerId);
  try {
    const id = await skills.add(ctx.prisma, ownerId, input);
    return (await skills.find(ctx.prisma, id, caller.userId))!;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(PROFILE_MESSAGES.skillExists);
    throw error;
  }
}

async function existingSkill(ctx: ProfileContext, caller: Caller, skillId: string): Promise<Skill> {
  const skill = await skills.find(ctx.prisma, skillId, caller.userId);
  if (!skill) throw new NotFoundError(PROFILE_MESSAGES.skillNotFound);
  return skill;
}

export async function deleteSkill(ctx: ProfileContext, caller: Caller, skillId: string): Promise<void> {
  const skill = await existingSkill(ctx, caller, skillId);
  requireOwnerOrAdmin(caller, skill.userId);
  await skills.delete(ctx.prisma, skillId);
}

/** Not one's own, once per endorser, only when the owner accepts endorsements and the viewer may see skills. */
export async function endorseSkill(
  ctx: ProfileContext,
  caller: Caller,
  skillId: string,
  comment: string | null,
): Promise<Skill> {
  const skill = await existingSkill(ctx, caller, skillId);
  if (skill.userId === caller.userId) throw new ForbiddenError(PROFILE_MESSAGES.cannotEndorseOwn);
  await requireSection(ctx, caller, skill.userId, 'skills');
  if (!(await privacy.find(ctx.prisma, skill.userId)).allowSkillEndorsements)
    throw new ForbiddenError(PROFILE_MESSAGES.endorsementsOff);
  try {
    await ctx.prisma.$transaction((tx) => skills.endorse(tx, skillId, caller.userId, skill.userId, comment));
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(PROFILE_MESSAGES.alreadyEndorsed);
    throw error;
  }
  return (await skills.find(ctx.prisma, skillId, caller.userId))!;
}
