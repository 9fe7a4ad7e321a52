import { ForbiddenError, NotFoundError, type Caller } from '@crucible/platform';
import { PROFILE_MESSAGES, hasAccess, type AccessLevel, type PrivacySettings } from '@crucible/proto';
import { privacy } from '../repositories/privacy.ts';
import { userReplica, type KnownUser } from '../repositories/users.ts';
import type { Db } from '../repositories/db.ts';
import type { ProfileContext } from './context.ts';
import { ensureUserKnown } from './user-replica.ts';

/** The owner and admins see and change everything of a profile. */
export function isOwnerOrAdmin(caller: Caller, ownerId: string): boolean {
  return caller.userId === ownerId || caller.isAdmin;
}

export function requireOwnerOrAdmin(caller: Caller, ownerId: string): void {
  if (!isOwnerOrAdmin(caller, ownerId)) throw new ForbiddenError(PROFILE_MESSAGES.notYourProfile);
}

export function requireOwner(caller: Caller, ownerId: string): void {
  if (caller.userId !== ownerId) throw new ForbiddenError(PROFILE_MESSAGES.ownerOnly);
}

/** The sections a privacy level guards, with the setting and the 403 text of each. */
const SECTION_RULES = {
  personalInfo: { setting: 'personalInfoVisible', message: PROFILE_MESSAGES.profilePrivate },
  contactInfo: { setting: 'contactInfoVisible', message: PROFILE_MESSAGES.contactPrivate },
  workExperience: { setting: 'workExperienceVisible', message: PROFILE_MESSAGES.workExperiencePrivate },
  education: { setting: 'educationVisible', message: PROFILE_MESSAGES.educationPrivate },
  skills: { setting: 'skillsVisible', message: PROFILE_MESSAGES.skillsPrivate },
  leadershipProgress: { setting: 'leadershipProgressVisible', message: PROFILE_MESSAGES.leadershipPrivate },
  activityFeed: { setting: 'activityFeedVisible', message: PROFILE_MESSAGES.activityPrivate },
} as const satisfies Record<string, { setting: keyof PrivacySettings; message: string }>;
export type GuardedSection = keyof typeof SECTION_RULES;

/**
 * A viewer at or above the section's tier sees it (a Core setting therefore admits Core and Admin
 * only); the owner and admins always do.
 */
export function canSee(caller: Caller, ownerId: string, settings: PrivacySettings, section: GuardedSection): boolean {
  return (
    isOwnerOrAdmin(caller, ownerId) ||
    hasAccess(caller.accessLevel, settings[SECTION_RULES[section].setting] as AccessLevel)
  );
}

/** The member a profile belongs to; a missing replica row is asked of auth before answering 404. */
export async function profileOwner(ctx: ProfileContext, db: Db, ownerId: string): Promise<KnownUser> {
  const owner = (await userReplica.findById(db, ownerId)) ?? (await ensureUserKnown(ctx, ownerId));
  if (!owner) throw new NotFoundError(PROFILE_MESSAGES.userNotFound);
  return owner;
}

/** Loads the owner and their settings and refuses with the section's 403 when the viewer is below its tier. */
export async function requireSection(
  ctx: ProfileContext,
  caller: Caller,
  ownerId: string,
  section: GuardedSection,
): Promise<{ owner: KnownUser; settings: PrivacySettings }> {
  const [owner, settings] = await Promise.all([
    profileOwner(ctx, ctx.prisma, ownerId),
    privacy.find(ctx.prisma, ownerId),
  ]);
  if (!canSee(caller, ownerId, settings, section)) throw new ForbiddenError(SECTION_RULES[section].message);
  return { owner, settings };
}
