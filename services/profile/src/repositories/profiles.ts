import type { ProfilePatch } from '@crucible/proto';
import { execute, rows, type Db } from './db.ts';

/** The profile's own columns by their API names. */
export const PROFILE_COLUMNS = {
  preferredName: 'preferred_name',
  jobTitle: 'job_title',
  birthday: 'birthday',
  phoneNumber: 'phone_number',
  currentLocation: 'current_location',
  preferredContactMethod: 'preferred_contact_method',
  bio: 'bio',
  personalMission: 'personal_mission',
  leadershipPhilosophy: 'leadership_philosophy',
  personalStory: 'personal_story',
  professionalJourney: 'professional_journey',
  leadershipExperience: 'leadership_experience',
  crucibleConnection: 'crucible_connection',
  leadershipJourney: 'leadership_journey',
  careerGoals: 'career_goals',
  alchemicalSymbols: 'alchemical_symbols',
  certificationLevels: 'certification_levels',
} as const;
type ProfileField = keyof typeof PROFILE_COLUMNS;

export type ProfileRow = {
  [K in ProfileField]: K extends 'alchemicalSymbols' | 'certificationLevels' ? string[] : string | null;
} & {
  pictureKey: string | null;
  dateProfileUpdated: Date | null;
};

const SELECT = Object.entries(PROFILE_COLUMNS)
  .map(([field, column]) => `${column} AS "${field}"`)
  .join(', ');

export const profiles = {
  async find(db: Db, userId: string): Promise<ProfileRow | null> {
    const [row] = await rows<ProfileRow>(
      db,
      `SELECT ${SELECT}, picture_key AS "pictureKey", date_profile_updated AS "dateProfileUpdated"
       FROM profiles WHERE user_id = $1::uuid`,
      userId,
    );
    return row ?? null;
  },
  /** Sets the given fields (others untouched), creating the row on the first save. */
  async save(db: Db, userId: string, patch: Omit<ProfilePatch, 'firstName' | 'lastName'>): Promise<void> {
    const fields = (Object.keys(PROFILE_COLUMNS) as ProfileField[]).filter((field) => patch[field] !== undefined);
    const columns = fields.map((field) => PROFILE_COLUMNS[field]);
    const values = fields.map((field) => patch[field] ?? (field === 'preferredContactMethod' ? 'email' : null));
    const placeholders = columns.map((_, index) => `$${index + 2}`);
    await execute(
      db,
      `INSERT INTO profiles (user_id${columns.map((column) => `, ${column}`).join('')}, date_profile_updated)
       VALUES ($1::uuid${placeholders.map((placeholder) => `, ${placeholder}`).join('')}, now())
       ON CONFLICT (user_id) DO UPDATE SET ${[...columns.map((column) => `${column} = EXCLUDED.${column}`), 'date_profile_updated = now()'].join(', ')}`,
      userId,
      ...values,
    );
  },
  setPicture: (db: Db, userId: string, key: string | null) =>
    execute(
      db,
      `INSERT INTO profiles (user_id, picture_key, date_profile_updated) VALUES ($1::uuid, $2, now())
       ON CONFLICT (user_id) DO UPDATE SET picture_key = EXCLUDED.picture_key, date_profile_updated = now()`,
      userId,
      key,
    ),
};
