import type { ProfilePatch } from '@crucible/proto';
import type { Prisma } from '../generated/prisma/client.ts';
import type { Db } from './db.ts';

/** The profile's own fields (their API names are the model's). */
const PROFILE_FIELDS = [
  'preferredName',
  'jobTitle',
  'birthday',
  'phoneNumber',
  'currentLocation',
  'preferredContactMethod',
  'bio',
  'personalMission',
  'leadershipPhilosophy',
  'personalStory',
  'professionalJourney',
  'leadershipExperience',
  'crucibleConnection',
  'leadershipJourney',
  'careerGoals',
  'alchemicalSymbols',
  'certificationLevels',
] as const;
type ProfileField = (typeof PROFILE_FIELDS)[number];

export type ProfileRow = {
  [K in ProfileField]: K extends 'alchemicalSymbols' | 'certificationLevels' ? string[] : string | null;
} & {
  pictureKey: string | null;
  dateProfileUpdated: Date | null;
};

const SELECT = {
  ...(Object.fromEntries(PROFILE_FIELDS.map((field) => [field, true])) as Record<ProfileField, true>),
  pictureKey: true,
  dateProfileUpdated: true,
} as const;

export const profiles = {
  find: (db: Db, userId: string): Promise<ProfileRow | null> =>
    db.profile.findUnique({ where: { userId }, select: SELECT }),
  /** Sets the given fields (others untouched), creating the row on the first save. */
  async save(db: Db, userId: string, patch: Omit<ProfilePatch, 'firstName' | 'lastName'>): Promise<void> {
    const fields = PROFILE_FIELDS.filter((field) => patch[field] !== undefined);
    const values = Object.fromEntries(
      fields.map((field) => [field, patch[field] ?? (field === 'preferredContactMethod' ? 'email' : null)]),
    ) as Prisma.ProfileUncheckedUpdateInput;
    const dateProfileUpdated = new Date();
    await db.profile.upsert({
      where: { userId },
      create: { ...(values as Omit<Prisma.ProfileUncheckedCreateInput, 'userId'>), userId, dateProfileUpdated },
      update: { ...values, dateProfileUpdated },
      select: { userId: true },
    });
  },
  setPicture: async (db: Db, userId: string, key: string | null): Promise<number> => {
    const dateProfileUpdated = new Date();
    await db.profile.upsert({
      where: { userId },
      create: { userId, pictureKey: key, dateProfileUpdated },
      update: { pictureKey: key, dateProfileUpdated },
      select: { userId: true },
    });
    return 1;
  },
};
