import { ConflictError, type Emit, type Caller } from '@crucible/platform';
import {
  PROFILE_MESSAGES,
  SUBJECTS,
  type AdminActionPayload,
  type EducationInput,
  type EducationListReplace,
  type Profile,
  type ProfileFormSave,
  type ProfilePatch,
  type WorkplaceInput,
  type WorkplaceListReplace,
} from '@crucible/proto';
import type { Db } from '../repositories/db.ts';
import { education, lockHistory, workplaces } from '../repositories/history.ts';
import { privacy } from '../repositories/privacy.ts';
import { profiles } from '../repositories/profiles.ts';
import { userReplica } from '../repositories/users.ts';
import { canSee, isOwnerOrAdmin, profileOwner, requireOwnerOrAdmin, requireSection } from './access.ts';
import { inTransaction, type ProfileContext } from './context.ts';
import { messageableBy } from './members.ts';

/** A hook the atomic-save test uses to fail half way; production never sets it. */
export interface SaveHooks {
  afterWorkplaces?: () => Promise<void>;
}

/** GET /api/users/{id}/profile: 403 below the personal-info tier; contact fields null below theirs. */
export async function getProfile(ctx: ProfileContext, caller: Caller, ownerId: string): Promise<Profile> {
  const { owner, settings } = await requireSection(ctx, caller, ownerId, 'personalInfo');
  const [row, messageable] = await Promise.all([
    profiles.find(ctx.prisma, ownerId),
    messageableBy(ctx, caller, [owner.id]),
  ]);
  const showContact = canSee(caller, ownerId, settings, 'contactInfo');
  const contact = <T>(value: T) => (showContact ? value : null);
  return {
    id: owner.id,
    email: contact(owner.email),
    firstName: owner.firstName,
    lastName: owner.lastName,
    preferredName: row?.preferredName ?? null,
    jobTitle: row?.jobTitle ?? null,
    birthday: row?.birthday ?? null,
    phoneNumber: contact(row?.phoneNumber ?? null),
    currentLocation: contact(row?.currentLocation ?? null),
    preferredContactMethod: contact(row?.preferredContactMethod ?? 'email'),
    bio: row?.bio ?? null,
    personalMission: row?.personalMission ?? null,
    leadershipPhilosophy: row?.leadershipPhilosophy ?? null,
    personalStory: row?.personalStory ?? null,
    professionalJourney: row?.professionalJourney ?? null,
    leadershipExperience: row?.leadershipExperience ?? null,
    crucibleConnection: row?.crucibleConnection ?? null,
    leadershipJourney: row?.leadershipJourney ?? null,
    careerGoals: row?.careerGoals ?? null,
    alchemicalSymbols: row?.alchemicalSymbols ?? [],
    certificationLevels: row?.certificationLevels ?? [],
    accessLevel: owner.accessLevel,
    isAdmin: owner.isAdmin,
    profileImageUrl: owner.profileImageUrl,
    picture: owner.profileImageUrl,
    joinedAt: owner.joinedAt.toISOString(),
    dateProfileUpdated: row?.dateProfileUpdated?.toISOString() ?? null,
    contactInfoHidden: !showContact,
    canEdit: isOwnerOrAdmin(caller, ownerId),
    canMessage: messageable.has(owner.id),
  };
}

/**
 * Saves the profile's own fields; names are auth's, so they are set on the replica at once (this
 * page shows them) and sent to auth, which announces them to every other replica.
 */
async function saveProfileFields(db: Db, emit: Emit, ownerId: string, patch: ProfilePatch): Promise<void> {
  const { firstName, lastName, ...own } = patch;
  await profiles.save(db, ownerId, own);
  if (firstName !== undefined || lastName !== undefined) {
    const names = {
      ...(firstName !== undefined && { firstName: firstName?.trim() || null }),
      ...(lastName !== undefined && { lastName: lastName?.trim() || null }),
    };
    await userReplica.setIdentity(db, ownerId, names);
    await emit('profile.identity.changed', { userId: ownerId, ...names });
  }
}

/**
 * An admin's edit of someone else's profile goes to the audit log (profile.admin.action, in the
 * edit's transaction) with the admin, the member, the fields and their new values; a member's
 * edit of their own profile is not an admin action.
 */
function recordAdminEdit(emit: Emit, caller: Caller, ownerId: string, patch: ProfilePatch): Promise<void> {
  if (caller.userId === ownerId) return Promise.resolve();
  const fields = Object.keys(patch);
  return emit(SUBJECTS.profileAdminAction, {
    adminId: caller.userId,
    actionType: 'user_update',
    targetUserId: ownerId,
    description: `Edited a member's profile: ${fields.join(', ') || 'no fields'}`,
    details: { fields, values: patch },
    ipAddress: caller.meta.ipAddress,
    userAgent: caller.meta.userAgent,
    sessionId: caller.sessionId,
  } satisfies AdminActionPayload);
}

export async function patchProfile(
  ctx: ProfileContext,
  caller: Caller,
  ownerId: string,
  patch: ProfilePatch,
): Promise<Profile> {
  requireOwnerOrAdmin(caller, ownerId);
  await profileOwner(ctx, ctx.prisma, ownerId);
  await inTransaction(ctx, async (tx, emit) => {
    await saveProfileFields(tx, emit, ownerId, patch);
    await recordAdminEdit(emit, caller, ownerId, patch);
  });
  return getProfile(ctx, caller, ownerId);
}

/**
 * A replace must name the list it replaces: the ids the caller loaded, compared as sets with the
 * stored ones under the member's history lock. Absent (the caller never loaded the list) or
 * different (changed since) is a 409, so no client wipes a history it has not seen.
 */
function requireLoaded(stored: string[], loaded: string[] | undefined, message: string): void {
  const sorted = (ids: string[]) =>
    [...ids]
      .map((id) => id.toLowerCase())
      .sort()
      .join(',');
  if (loaded === undefined || sorted(stored) !== sorted(loaded)) throw new ConflictError(message);
}

async function replaceWorkplacesIn(db: Db, ownerId: string, list: WorkplaceListReplace) {
  await lockHistory(db, ownerId);
  requireLoaded(await workplaces.ids(db, ownerId), list.loadedIds, PROFILE_MESSAGES.workplacesChanged);
  await workplaces.deleteAll(db, ownerId);
  for (const entry of list.entries) await workplaces.add(db, ownerId, entry);
}
async function replaceEducationIn(db: Db, ownerId: string, list: EducationListReplace) {
  await lockHistory(db, ownerId);
  requireLoaded(await education.ids(db, ownerId), list.loadedIds, PROFILE_MESSAGES.educationChanged);
  await education.deleteAll(db, ownerId);
  for (const entry of list.entries) await education.add(db, ownerId, entry);
}

/** The edit page's save: all of it or none of it, so a failure half way never loses the work history. */
export async function saveProfileForm(
  ctx: ProfileContext,
  caller: Caller,
  ownerId: string,
  form: ProfileFormSave,
  hooks: SaveHooks = {},
) {
  requireOwnerOrAdmin(caller, ownerId);
  await profileOwner(ctx, ctx.prisma, ownerId);
  await inTransaction(ctx, async (tx, emit) => {
    await saveProfileFields(tx, emit, ownerId, form.profile);
    await recordAdminEdit(emit, caller, ownerId, form.profile);
    await replaceWorkplacesIn(tx, ownerId, form.workplaces);
    await hooks.afterWorkplaces?.();
    await replaceEducationIn(tx, ownerId, form.education);
  });
  return {
    profile: await getProfile(ctx, caller, ownerId),
    workplaces: await workplaces.list(ctx.prisma, ownerId),
    education: await education.list(ctx.prisma, ownerId),
  };
}

export async function listWorkplaces(ctx: ProfileContext, caller: Caller, ownerId: string) {
  await requireSection(ctx, caller, ownerId, 'workExperience');
  return workplaces.list(ctx.prisma, ownerId);
}
export async function listEducation(ctx: ProfileContext, caller: Caller, ownerId: string) {
  await requireSection(ctx, caller, ownerId, 'education');
  return education.list(ctx.prisma, ownerId);
}

async function changeHistory<T>(ctx: ProfileContext, caller: Caller, ownerId: string, work: (db: Db) => Promise<T>) {
  requireOwnerOrAdmin(caller, ownerId);
  await profileOwner(ctx, ctx.prisma, ownerId);
  return ctx.prisma.$transaction((tx) => work(tx as Db));
}

export const addWorkplace = (ctx: ProfileContext, caller: Caller, ownerId: string, entry: WorkplaceInput) =>
  changeHistory(ctx, caller, ownerId, (db) => workplaces.add(db, ownerId, entry));
export const addEducation = (ctx: ProfileContext, caller: Caller, ownerId: string, entry: EducationInput) =>
  changeHistory(ctx, caller, ownerId, (db) => education.add(db, ownerId, entry));
export const deleteWorkplaces = (ctx: ProfileContext, caller: Caller, ownerId: string): Promise<void> =>
  changeHistory(ctx, caller, ownerId, async (db) => {
    await workplaces.deleteAll(db, ownerId);
  });
export const deleteEducation = (ctx: ProfileContext, caller: Caller, ownerId: string): Promise<void> =>
  changeHistory(ctx, caller, ownerId, async (db) => {
    await education.deleteAll(db, ownerId);
  });
export const replaceWorkplaces = (ctx: ProfileContext, caller: Caller, ownerId: string, list: WorkplaceListReplace) =>
  changeHistory(ctx, caller, ownerId, async (db) => {
    await replaceWorkplacesIn(db, ownerId, list);
    return workplaces.list(db, ownerId);
  });
export const replaceEducation = (ctx: ProfileContext, caller: Caller, ownerId: string, list: EducationListReplace) =>
  changeHistory(ctx, caller, ownerId, async (db) => {
    await replaceEducationIn(db, ownerId, list);
    return education.list(db, ownerId);
  });

/** Settings for the privacy panel: the owner's and admins' only. */
export async function getPrivacy(ctx: ProfileContext, caller: Caller, ownerId: string) {
  requireOwnerOrAdmin(caller, ownerId);
  await profileOwner(ctx, ctx.prisma, ownerId);
  return privacy.find(ctx.prisma, ownerId);
}
