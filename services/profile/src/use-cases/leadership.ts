import { ConflictError, NotFoundError, type Caller } from '@crucible/platform';
import { PROFILE_MESSAGES, leadershipScores, type LeadershipInput, type LeadershipProgress } from '@crucible/proto';
import { leadership, type LeadershipValues } from '../repositories/leadership.ts';
import { profileOwner, requireOwnerOrAdmin, requireSection } from './access.ts';
import type { ProfileContext } from './context.ts';

export async function getLeadership(
  ctx: ProfileContext,
  caller: Caller,
  ownerId: string,
): Promise<LeadershipProgress | null> {
  await requireSection(ctx, caller, ownerId, 'leadershipProgress');
  return leadership.find(ctx.prisma, ownerId);
}

/** The page's overallScore is ignored: the service computes both scores with leadershipScores. */
function valuesOf(input: LeadershipInput): LeadershipValues {
  return {
    visionScore: input.visionScore,
    integrityScore: input.integrityScore,
    passionScore: input.passionScore,
    leadershipCoefficient: input.leadershipCoefficient,
    ...leadershipScores(input),
    lastAssessmentDate: input.lastAssessmentDate ?? new Date().toISOString(),
  };
}

export async function createLeadership(ctx: ProfileContext, caller: Caller, ownerId: string, input: LeadershipInput) {
  requireOwnerOrAdmin(caller, ownerId);
  await profileOwner(ctx, ctx.prisma, ownerId);
  if ((await leadership.insert(ctx.prisma, ownerId, valuesOf(input))) === 0)
    throw new ConflictError(PROFILE_MESSAGES.leadershipExists);
  return (await leadership.find(ctx.prisma, ownerId))!;
}

export async function updateLeadership(ctx: ProfileContext, caller: Caller, ownerId: string, input: LeadershipInput) {
  requireOwnerOrAdmin(caller, ownerId);
  await profileOwner(ctx, ctx.prisma, ownerId);
  if ((await leadership.update(ctx.prisma, ownerId, valuesOf(input))) === 0)
    throw new NotFoundError(PROFILE_MESSAGES.leadershipMissing);
  return (await leadership.find(ctx.prisma, ownerId))!;
}
