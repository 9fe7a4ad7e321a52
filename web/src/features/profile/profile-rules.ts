import {
  PROFILE_MESSAGES,
  privacyFormToPatch,
  type AccessLevel,
  type Education,
  type PrivacyPatch,
  type PrivacySettings,
  type Profile,
  type ProfilePatch,
  type Workplace,
} from '@crucible/proto';
import { ApiError } from '../../lib/api-error.ts';

/** A work or education entry as the edit form holds it: a new one has no id yet. */
export type WorkplaceEntry = Omit<Workplace, 'id'> & { id?: string };
export type EducationEntry = Omit<Education, 'id'> & { id?: string };

/** The privacy panel's form: five levels and the switches, as proto maps them on save. */
export type PrivacyForm = Parameters<typeof privacyFormToPatch>[0];

/**
 * The edit form's text fields, each set or null, and a changed picture (a data URL, or null to
 * remove it; left out when unchanged), which is saved through its own call before the form.
 */
export type ProfileFields = Required<Omit<ProfilePatch, 'alchemicalSymbols' | 'certificationLevels'>> & {
  picture?: string | null;
};

/** The completeness weights; work history and education count when one entry exists. */
export const COMPLETENESS_WEIGHTS = {
  firstName: 1,
  lastName: 1,
  picture: 1,
  jobTitle: 1,
  birthday: 0.5,
  preferredName: 0.5,
  phoneNumber: 1,
  currentLocation: 1,
  preferredContactMethod: 0.5,
  workHistory: 2,
  education: 1.5,
  personalStory: 1.5,
  leadershipJourney: 1.5,
  professionalJourney: 1.5,
  leadershipExperience: 1.5,
  crucibleConnection: 1.5,
  careerGoals: 1,
  bio: 1,
  personalMission: 1,
  leadershipPhilosophy: 1,
} as const;

const filled = (value: string | null | undefined) => typeof value === 'string' && value.trim() !== '';

/** The weighted share of filled fields, as a whole percentage. */
export function profileCompleteness(
  profile: Profile,
  workplaces: readonly WorkplaceEntry[],
  education: readonly EducationEntry[],
) {
  let earned = 0;
  let total = 0;
  for (const [field, weight] of Object.entries(COMPLETENESS_WEIGHTS)) {
    total += weight;
    const done =
      field === 'workHistory'
        ? workplaces.length > 0
        : field === 'education'
          ? education.length > 0
          : field === 'picture'
            ? filled(profile.profileImageUrl) || filled(profile.picture)
            : filled(profile[field as keyof Profile] as string | null);
    if (done) earned += weight;
  }
  return Math.round((earned / total) * 100);
}

export type CompletenessColour = 'success' | 'warning' | 'error';

/** 80% or more green, 60% or more yellow, below red. */
export function completenessColour(percent: number): CompletenessColour {
  if (percent >= 80) return 'success';
  if (percent >= 60) return 'warning';
  return 'error';
}

export const LEADERSHIP_SCORE_STEP = 5;
export const COEFFICIENT_MIN = 0.1;
export const COEFFICIENT_MAX = 5;
export const COEFFICIENT_STEP = 0.1;

/** A coefficient that is not a number falls back to 1. */
export function coefficientOrDefault(value: unknown): number {
  const number = typeof value === 'number' ? value : Number.parseFloat(String(value));
  return Number.isFinite(number) ? number : 1;
}

/** Score is k x (V + I + P); overall is the rounded mean of the three scores. */
export function leadershipScores(vision: number, integrity: number, passion: number, coefficient: unknown) {
  const k = coefficientOrDefault(coefficient);
  const sum = vision + integrity + passion;
  return { score: Math.round(k * sum * 10) / 10, overall: Math.round(sum / 3), coefficient: k };
}

export const PROFICIENCY_LABELS = ['Novice', 'Beginner', 'Intermediate', 'Advanced', 'Expert'] as const;

export function proficiencyLabel(level: number): string {
  return PROFICIENCY_LABELS[Math.min(5, Math.max(1, Math.round(level))) - 1] ?? PROFICIENCY_LABELS[0];
}

/** The skill's bar is its level x 20 percent. */
export const proficiencyPercent = (level: number) => level * 20;

export const SKILL_SYMBOLS = [
  { value: '⭐', label: 'Star' },
  { value: '🔥', label: 'Fire' },
  { value: '⚡', label: 'Lightning' },
  { value: '✨', label: 'Sparkle' },
] as const;

const ENGAGEMENT_LEVELS = [
  { min: 15000, label: 'Exceptional', percent: 100 },
  { min: 5000, label: 'High', percent: 85 },
  { min: 1500, label: 'Active', percent: 60 },
  { min: 500, label: 'Moderate', percent: 35 },
  { min: 100, label: 'Building', percent: 15 },
  { min: -Infinity, label: 'Starting', percent: 5 },
] as const;

export function engagementLevel(totalPoints: number): { label: string; percent: number } {
  const level = ENGAGEMENT_LEVELS.find(({ min }) => totalPoints >= min) ?? ENGAGEMENT_LEVELS[5];
  return { label: level.label, percent: level.percent };
}

export const PICTURE_MAX_BYTES = 2 * 1024 * 1024;

export interface PictureRefusal {
  title: string;
  description: string;
}

/** Not an image, or 2 MB or more; the service checks the bytes again, this only saves a pointless upload. */
export function pictureRefusal(file: { type: string; size: number }): PictureRefusal | null {
  if (!file.type.startsWith('image/'))
    return { title: PROFILE_MESSAGES.pictureTypeTitle, description: PROFILE_MESSAGES.pictureType };
  if (file.size >= PICTURE_MAX_BYTES)
    return { title: PROFILE_MESSAGES.pictureSizeTitle, description: PROFILE_MESSAGES.pictureSize };
  return null;
}

/** The form's five levels to the server's seven fields on save (proto's mapping, which the service applies too). */
export const privacyToServer: (form: PrivacyForm) => PrivacyPatch = privacyFormToPatch;

export const DEFAULT_PRIVACY_FORM: PrivacyForm = {
  profileVisibility: 'Public',
  skillsVisibility: 'Public',
  leadershipProgressVisibility: 'Apprentice',
  contactInfoVisibility: 'Apprentice',
  activityFeedVisibility: 'Apprentice',
  allowDirectMessages: true,
  allowSkillEndorsements: true,
  showOnlineStatus: true,
  allowMentorshipRequests: true,
  allowAnalyticsTracking: true,
};

export function privacyFromServer(settings: Partial<PrivacySettings> | undefined): PrivacyForm {
  if (!settings) return DEFAULT_PRIVACY_FORM;
  const d = DEFAULT_PRIVACY_FORM;
  return {
    profileVisibility: settings.personalInfoVisible ?? d.profileVisibility,
    skillsVisibility: settings.skillsVisible ?? d.skillsVisibility,
    leadershipProgressVisibility: settings.leadershipProgressVisible ?? d.leadershipProgressVisibility,
    contactInfoVisibility: settings.contactInfoVisible ?? d.contactInfoVisibility,
    activityFeedVisibility: settings.activityFeedVisible ?? d.activityFeedVisibility,
    allowDirectMessages: settings.allowDirectMessages ?? d.allowDirectMessages,
    allowSkillEndorsements: settings.allowSkillEndorsements ?? d.allowSkillEndorsements,
    showOnlineStatus: settings.showOnlineStatus ?? d.showOnlineStatus,
    allowMentorshipRequests: settings.allowMentorshipRequests ?? d.allowMentorshipRequests,
    allowAnalyticsTracking: settings.allowAnalyticsTracking ?? d.allowAnalyticsTracking,
  };
}

/** Each level's icon colour in the privacy panel, lowest tier to highest. */
export const LEVEL_COLOURS: Record<AccessLevel, string> = {
  Public: '#16a34a',
  Apprentice: '#2563eb',
  Journeyman: '#7c3aed',
  Master: '#d97706',
  Core: '#dc2626',
  Admin: '#dc2626',
};

export const PRIVACY_LEGEND = [
  'Public = anyone',
  'Apprentice = Apprentice and above',
  'Journeyman = Journeyman and above',
  'Master = Master and above',
  'Core/Admin = Core/Admin only',
] as const;

/** The text maxima and their labels in '{Field} must be N characters or less'. */
export const TEXT_MAXIMA = {
  bio: { label: 'Bio', max: 1000 },
  personalStory: { label: 'Personal story', max: 5000 },
  personalMission: { label: 'Personal mission', max: 2000 },
  leadershipPhilosophy: { label: 'Leadership philosophy', max: 2000 },
  leadershipJourney: { label: 'Leadership journey', max: 5000 },
  careerGoals: { label: 'Career goals', max: 2000 },
  professionalJourney: { label: 'Professional journey', max: 5000 },
  leadershipExperience: { label: 'Leadership experience', max: 3000 },
  crucibleConnection: { label: 'Crucible connection', max: 3000 },
} as const;

export type LimitedField = keyof typeof TEXT_MAXIMA;

export function textErrors(
  values: Partial<Record<LimitedField, string | null>>,
): Partial<Record<LimitedField, string>> {
  const errors: Partial<Record<LimitedField, string>> = {};
  for (const [field, { label, max }] of Object.entries(TEXT_MAXIMA) as [
    LimitedField,
    { label: string; max: number },
  ][]) {
    if ((values[field] ?? '').length > max) errors[field] = `${label} must be ${max} characters or less`;
  }
  return errors;
}

const blankToNull = (value: string | null | undefined) => (value == null || value.trim() === '' ? null : value);

/** The ids a list was loaded with: what a replace names (the service refuses any other stored list). */
export const loadedIdsOf = (entries: readonly { id?: string }[]) =>
  entries.map((entry) => entry.id).filter((id): id is string => id !== undefined);

/** Blank entries are skipped, a blank end date is null and makes the entry current. */
export function workplacesToSave(entries: readonly WorkplaceEntry[]): WorkplaceEntry[] {
  return entries
    .filter((entry) => entry.companyName.trim() !== '')
    .map(({ id: _id, ...entry }) => {
      const endDate = blankToNull(entry.endDate);
      return { ...entry, endDate, isCurrent: endDate === null || entry.isCurrent };
    });
}

export function educationToSave(entries: readonly EducationEntry[]): EducationEntry[] {
  return entries
    .filter((entry) => entry.institution.trim() !== '')
    .map(({ id: _id, ...entry }) => {
      const endDate = blankToNull(entry.endDate);
      return { ...entry, endDate, isOngoing: endDate === null || entry.isOngoing };
    });
}

/** The profile service answers 403 for what the owner's privacy settings hide from this viewer. */
export const isPrivateError = (error: Error | null) => error instanceof ApiError && error.status === 403;
