import { ForbiddenError, NotFoundError, type Caller } from '@crucible/platform';
import {
  PROFILE_MESSAGES,
  engagementLevel,
  type ProfileAnalytics,
  type ProfileSection,
  type UserStats,
} from '@crucible/proto';
import { privacy } from '../repositories/privacy.ts';
import { stats } from '../repositories/stats.ts';
import { sqlOnPool } from '../repositories/sql.ts';
import { views } from '../repositories/views.ts';
import { canSee, isOwnerOrAdmin, profileOwner, requireOwner, requireSection } from './access.ts';
import type { ProfileContext } from './context.ts';

const ANALYTICS_DAYS = 30;
/** Points per forum act (services/profile/README.md). */
export const POINTS = { discussion: 10, reply: 5, upvote: 2 } as const;
/** Ranks by total points, on the same thresholds as the engagement levels. */
const RANKS = [
  { minPoints: 15000, rank: 'Grandmaster' },
  { minPoints: 5000, rank: 'Master' },
  { minPoints: 1500, rank: 'Craftsman' },
  { minPoints: 500, rank: 'Journeyman' },
  { minPoints: 100, rank: 'Apprentice' },
  { minPoints: 0, rank: 'Novice' },
] as const;

/**
 * A viewer who may see the profile and is at or above the Activity Feed's tier (and the owner has
 * not turned the feed off) sees the stats; the owner and admins always do.
 */
export async function getStats(ctx: ProfileContext, caller: Caller, ownerId: string): Promise<UserStats> {
  const { settings } = await requireSection(ctx, caller, ownerId, 'personalInfo');
  const visible = canSee(caller, ownerId, settings, 'activityFeed') && settings.showActivityFeed;
  if (!visible && !isOwnerOrAdmin(caller, ownerId)) throw new ForbiddenError(PROFILE_MESSAGES.activityPrivate);
  const row = await stats.find(ctx.prisma, ownerId);
  const counts = {
    discussionsCreated: row?.discussionsCreated ?? 0,
    repliesPosted: row?.repliesPosted ?? 0,
    upvotesReceived: row?.upvotesReceived ?? 0,
  };
  const totalPoints =
    counts.discussionsCreated * POINTS.discussion +
    counts.repliesPosted * POINTS.reply +
    counts.upvotesReceived * POINTS.upvote;
  const level = engagementLevel(totalPoints);
  return {
    userId: ownerId,
    ...counts,
    totalPoints,
    rank: RANKS.find((entry) => totalPoints >= entry.minPoints)!.rank,
    engagementLevel: level.label,
    engagementPercent: level.percent,
    lastActivity: row?.lastActivity?.toISOString() ?? null,
  };
}

/**
 * A view by anyone but the owner who may see the profile (a refused viewer saw nothing), unless the
 * owner turned analytics tracking off; id null when not recorded.
 */
export async function recordView(
  ctx: ProfileContext,
  caller: Caller,
  ownerId: string,
  input: { referrer?: string | null; sectionsViewed?: ProfileSection[] },
): Promise<{ id: string | null }> {
  const owner = await profileOwner(ctx, ctx.prisma, ownerId);
  if (caller.userId === owner.id) return { id: null };
  const settings = await privacy.find(ctx.prisma, ownerId);
  if (!canSee(caller, ownerId, settings, 'personalInfo') || !settings.allowAnalyticsTracking) return { id: null };
  const id = await views.record(ctx.prisma, {
    ownerId,
    viewerId: caller.userId,
    viewerAccessLevel: caller.accessLevel,
    ipAddress: caller.meta.ipAddress,
    userAgent: caller.meta.userAgent?.slice(0, 500) ?? null,
    referrer: input.referrer ?? null,
    sectionsViewed: input.sectionsViewed ?? [],
  });
  return { id };
}

export async function recordViewTime(
  ctx: ProfileContext,
  caller: Caller,
  ownerId: string,
  viewId: string,
  seconds: number,
) {
  if (!(await views.setTimeSpent(ctx.prisma, ownerId, viewId, caller.userId, seconds)))
    throw new NotFoundError(PROFILE_MESSAGES.viewNotFound);
}

export async function getAnalytics(ctx: ProfileContext, caller: Caller, ownerId: string): Promise<ProfileAnalytics> {
  requireOwner(caller, ownerId);
  return views.analytics(sqlOnPool(ctx.pool), ownerId, ANALYTICS_DAYS);
}
