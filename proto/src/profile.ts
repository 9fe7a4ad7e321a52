import { z } from 'zod';
import { oneLineText } from './text.ts';
import { accessLevelSchema } from './access-schema.ts';
import { LIMITS } from './limits.ts';

const P = LIMITS.profile;

/** Exact texts of the profile's validation, private sections and toasts, plus the service's own refusals. */
export const PROFILE_MESSAGES = {
  userNotFound: 'Profile not found',
  skillNotFound: 'Skill not found',
  viewNotFound: 'Profile view not found',
  notYourProfile: 'You can only change your own profile',
  ownerOnly: 'Only the profile owner can see this',
  // 403 bodies of private sections; the page shows the message as it is.
  profilePrivate: 'Profile information is private',
  contactPrivate: 'Contact information is private',
  workExperiencePrivate: 'Work experience is private',
  educationPrivate: 'Education is private',
  skillsPrivate: 'Skills and expertise are private',
  leadershipPrivate: 'Leadership progress is private',
  activityPrivate: 'Activity is private',
  fieldTooLong: (field: string, max: number) => `${field} must be ${max} characters or less`,
  companyRequired: 'Company name is required',
  institutionRequired: 'Institution is required',
  skillNameRequired: 'Skill name is required',
  yearsRange: 'Years of experience must be between 0 and 50',
  proficiencyRange: 'Proficiency must be between 1 and 5',
  categoryInvalid: 'Category must be one of Technical, Leadership, Communication, Creative, Business, Personal',
  symbolInvalid: 'Symbol must be one of ⭐, 🔥, ⚡, ✨',
  scoreRange: 'Scores must be between 0 and 100 in steps of 5',
  coefficientRange: 'Coefficient must be between 0.1 and 5 in steps of 0.1',
  leadershipExists: 'Leadership progress already exists; update it instead',
  leadershipMissing: 'No leadership progress yet; create it first',
  skillExists: 'You already have this skill',
  // Picture: titles and texts of the two refusals.
  pictureTypeTitle: 'Invalid file type',
  pictureType: 'Please select an image file (JPG, PNG, GIF, etc.)',
  pictureSizeTitle: 'File too large',
  pictureSize: 'Please select an image smaller than 2MB',
  // Endorsements.
  cannotEndorseOwn: 'You cannot endorse your own skill',
  alreadyEndorsed: 'You have already endorsed this skill',
  endorsementsOff: 'This member does not accept skill endorsements',
  // Toasts of the edit page.
  saveFailedTitle: 'Error updating profile',
  saveFailed: 'Failed to update profile. Please try again.',
  savedTitle: 'Profile updated',
  saved: 'Your profile has been updated successfully.',
  loadFailed: 'Error Loading Profile',
  // 409 on a list replace that does not name the stored list (see loadedIdsSchema).
  workplacesChanged: 'Your work experience changed since this page loaded it. Reload the page and try again.',
  educationChanged: 'Your education changed since this page loaded it. Reload the page and try again.',
  ownEditOnly: 'You can only edit your own profile',
  notFoundTitle: 'Profile Not Found',
} as const;

const text = (field: string, max: number) =>
  z.string().max(max, PROFILE_MESSAGES.fieldTooLong(field, max)).nullable().optional();
/** Short free-text fields with no fixed maximum; 255 keeps them one line. */
const oneLine = (field: string, max: number) =>
  oneLineText(field).max(max, PROFILE_MESSAGES.fieldTooLong(field, max)).nullable().optional();
const shortText = (field: string) => oneLine(field, 255);
const nameText = (field: string) => oneLine(field, LIMITS.name.max);

export const SKILL_CATEGORIES = [
  'Technical',
  'Leadership',
  'Communication',
  'Creative',
  'Business',
  'Personal',
] as const;
export type SkillCategory = (typeof SKILL_CATEGORIES)[number];
export const SKILL_SYMBOLS = ['⭐', '🔥', '⚡', '✨'] as const;
export const PROFICIENCY_LABELS = {
  1: 'Novice',
  2: 'Beginner',
  3: 'Intermediate',
  4: 'Advanced',
  5: 'Expert',
} as const;
export const USER_RANKS = ['Novice', 'Apprentice', 'Journeyman', 'Craftsman', 'Master', 'Grandmaster'] as const;

/** The sections a privacy setting guards; each answers 403 with its own message below its tier. */
export const PROFILE_SECTIONS = [
  'personalInfo',
  'contactInfo',
  'workExperience',
  'education',
  'skills',
  'leadershipProgress',
  'analytics',
] as const;
export type ProfileSection = (typeof PROFILE_SECTIONS)[number];

/** PATCH /api/users/{id}/profile: the profile form's fields. All optional and nullable. */
export const profilePatchSchema = z.strictObject({
  firstName: nameText('First name'),
  lastName: nameText('Last name'),
  preferredName: nameText('Preferred name'),
  jobTitle: shortText('Job title'),
  birthday: text('Birthday', 20),
  phoneNumber: text('Phone number', 50),
  currentLocation: shortText('Current location'),
  preferredContactMethod: text('Preferred contact method', 100),
  bio: text('Bio', P.bio),
  personalMission: text('Personal mission', P.personalMission),
  leadershipPhilosophy: text('Leadership philosophy', P.leadershipPhilosophy),
  personalStory: text('Personal story', P.personalStory),
  professionalJourney: text('Professional journey', P.professionalJourney),
  leadershipExperience: text('Leadership experience', P.leadershipExperience),
  crucibleConnection: text('Crucible connection', P.productConnection),
  leadershipJourney: text('Leadership journey', P.leadershipJourney),
  careerGoals: text('Career goals', P.careerGoals),
  alchemicalSymbols: z.array(z.string().max(20)).max(20).optional(),
  certificationLevels: z.array(z.string().max(100)).max(50).optional(),
});
export type ProfilePatch = z.infer<typeof profilePatchSchema>;

/** GET /api/users/{id}/profile. Contact fields are null with contactInfoHidden when below the contact tier. */
export const profileSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  preferredName: z.string().nullable(),
  jobTitle: z.string().nullable(),
  birthday: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  currentLocation: z.string().nullable(),
  preferredContactMethod: z.string().nullable(),
  bio: z.string().nullable(),
  personalMission: z.string().nullable(),
  leadershipPhilosophy: z.string().nullable(),
  personalStory: z.string().nullable(),
  professionalJourney: z.string().nullable(),
  leadershipExperience: z.string().nullable(),
  crucibleConnection: z.string().nullable(),
  leadershipJourney: z.string().nullable(),
  careerGoals: z.string().nullable(),
  alchemicalSymbols: z.array(z.string()),
  certificationLevels: z.array(z.string()),
  accessLevel: accessLevelSchema,
  isAdmin: z.boolean(),
  /** A URL of the re-encoded 256 px picture (the same value under both names clients read), or null. */
  profileImageUrl: z.string().nullable(),
  picture: z.string().nullable(),
  joinedAt: z.string(),
  dateProfileUpdated: z.string().nullable(),
  contactInfoHidden: z.boolean(),
  /** True when the viewer is the owner (or an admin): edit buttons and owner-only widgets show. */
  canEdit: z.boolean(),
  /** True when dm would take the viewer's message to this member (not blocked, Direct Messages on). */
  canMessage: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

const D = LIMITS.memberDirectory;
export const MEMBER_DIRECTORY_SORTS = ['name', 'activity'] as const;
export type MemberDirectorySort = (typeof MEMBER_DIRECTORY_SORTS)[number];

/** GET /api/members: the directory's search (by name), tier filter, order and page. */
export const memberDirectoryQuerySchema = z.object({
  search: z.string().trim().max(D.maxSearchChars, PROFILE_MESSAGES.fieldTooLong('Search', D.maxSearchChars)).optional(),
  tier: accessLevelSchema.optional(),
  sort: z.enum(MEMBER_DIRECTORY_SORTS).default('name'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(D.maxPageSize).default(D.pageSize),
});
export type MemberDirectoryQuery = z.infer<typeof memberDirectoryQuerySchema>;

/**
 * One member in the directory. Names, picture and tier are shown wherever the member posts; the job
 * title follows the personal-info tier and the location the contact tier, as on the profile (null
 * when the viewer is below them).
 */
export const memberCardSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  accessLevel: accessLevelSchema,
  isAdmin: z.boolean(),
  jobTitle: z.string().nullable(),
  currentLocation: z.string().nullable(),
  canMessage: z.boolean(),
});
export type MemberCard = z.infer<typeof memberCardSchema>;
export const memberDirectorySchema = z.object({
  members: z.array(memberCardSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type MemberDirectory = z.infer<typeof memberDirectorySchema>;

/** POST /api/users/{id}/workplaces (one entry). A blank end date travels as null. */
export const workplaceInputSchema = z.strictObject({
  companyName: oneLineText('Company name', { error: PROFILE_MESSAGES.companyRequired })
    .trim()
    .min(1, PROFILE_MESSAGES.companyRequired)
    .max(255, PROFILE_MESSAGES.fieldTooLong('Company name', 255)),
  jobTitle: shortText('Job title'),
  startDate: text('Start date', 20),
  endDate: text('End date', 20),
  isCurrent: z.boolean().optional(),
  description: text('Description', 2000),
  location: shortText('Location'),
});
export type WorkplaceInput = z.infer<typeof workplaceInputSchema>;
export const workplaceSchema = z.object({
  id: z.string(),
  companyName: z.string(),
  jobTitle: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  isCurrent: z.boolean(),
  description: z.string().nullable(),
  location: z.string().nullable(),
});
export type Workplace = z.infer<typeof workplaceSchema>;

export const educationInputSchema = z.strictObject({
  institution: oneLineText('Institution', { error: PROFILE_MESSAGES.institutionRequired })
    .trim()
    .min(1, PROFILE_MESSAGES.institutionRequired)
    .max(255, PROFILE_MESSAGES.fieldTooLong('Institution', 255)),
  degree: shortText('Degree'),
  fieldOfStudy: shortText('Field of study'),
  startDate: text('Start date', 20),
  endDate: text('End date', 20),
  isOngoing: z.boolean().optional(),
  description: text('Description', 2000),
  location: shortText('Location'),
});
export type EducationInput = z.infer<typeof educationInputSchema>;
export const educationSchema = z.object({
  id: z.string(),
  institution: z.string(),
  degree: z.string().nullable(),
  fieldOfStudy: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  isOngoing: z.boolean(),
  description: z.string().nullable(),
  location: z.string().nullable(),
});
export type Education = z.infer<typeof educationSchema>;

const MAX_ENTRIES = 200;
/**
 * The ids of a list as the caller loaded it. A replace names what it replaces: when the stored list
 * is not that one (changed since, or never loaded: absent) the service refuses with 409, so a page
 * whose load failed can never store an empty list over a member's history.
 */
const loadedIdsSchema = z.array(z.string().max(64)).max(MAX_ENTRIES).optional();
/** PUT /api/users/{id}/workplaces and /education: the whole list replaced in one transaction. */
export const workplaceListSchema = z.strictObject({
  loadedIds: loadedIdsSchema,
  entries: z.array(workplaceInputSchema).max(MAX_ENTRIES),
});
export const educationListSchema = z.strictObject({
  loadedIds: loadedIdsSchema,
  entries: z.array(educationInputSchema).max(MAX_ENTRIES),
});
export type WorkplaceListReplace = z.infer<typeof workplaceListSchema>;
export type EducationListReplace = z.infer<typeof educationListSchema>;

/** PUT /api/users/{id}/profile-form: the edit page's one save (profile, work and education) in one transaction. */
export const profileFormSaveSchema = z.strictObject({
  profile: profilePatchSchema,
  workplaces: workplaceListSchema,
  education: educationListSchema,
});
export type ProfileFormSave = z.infer<typeof profileFormSaveSchema>;
export const profileFormSavedSchema = z.object({
  profile: profileSchema,
  workplaces: z.array(workplaceSchema),
  education: z.array(educationSchema),
});

/** POST /api/users/{id}/picture: the picture as an inline data URL; the service checks the bytes, not the declared type. */
export const pictureUploadSchema = z.strictObject({
  // base64 of 2 MB is about 2.8 M characters; the byte limit itself is checked after decoding.
  dataUrl: z.string().min(1, PROFILE_MESSAGES.pictureType).max(3_000_000, PROFILE_MESSAGES.pictureSize),
});
export const pictureResponseSchema = z.object({
  profileImageUrl: z.string().nullable(),
  picture: z.string().nullable(),
});

const score = z
  .number()
  .int()
  .min(0, PROFILE_MESSAGES.scoreRange)
  .max(100, PROFILE_MESSAGES.scoreRange)
  .refine((value) => value % 5 === 0, PROFILE_MESSAGES.scoreRange);

/** POST/PATCH /api/users/{id}/leadership-progress. overallScore sent by the page is ignored: the service computes it. */
export const leadershipInputSchema = z.object({
  visionScore: score,
  integrityScore: score,
  passionScore: score,
  // Falls back to 1 when not numeric.
  leadershipCoefficient: z.preprocess(
    (value) => (typeof value === 'number' && Number.isFinite(value) ? value : 1),
    z
      .number()
      .min(0.1, PROFILE_MESSAGES.coefficientRange)
      .max(5, PROFILE_MESSAGES.coefficientRange)
      .refine((value) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-9, PROFILE_MESSAGES.coefficientRange),
  ),
  overallScore: z.number().optional(),
  lastAssessmentDate: z.string().max(40).nullable().optional(),
});
export type LeadershipInput = z.infer<typeof leadershipInputSchema>;
export const leadershipProgressSchema = z.object({
  id: z.string(),
  userId: z.string(),
  visionScore: z.number(),
  integrityScore: z.number(),
  passionScore: z.number(),
  leadershipCoefficient: z.number(),
  /** k x (V + I + P). */
  leadershipScore: z.number(),
  /** The rounded mean of the three scores. */
  overallScore: z.number().int(),
  lastAssessmentDate: z.string().nullable(),
  currentPhase: z.string(),
  nextMilestone: z.string().nullable(),
});
export type LeadershipProgress = z.infer<typeof leadershipProgressSchema>;

/** The leadership formula, one definition for the page's preview and the service's stored value. */
export function leadershipScores(input: {
  visionScore: number;
  integrityScore: number;
  passionScore: number;
  leadershipCoefficient: number;
}) {
  const sum = input.visionScore + input.integrityScore + input.passionScore;
  return {
    leadershipScore: Math.round(input.leadershipCoefficient * sum * 10) / 10,
    overallScore: Math.round(sum / 3),
  };
}

/** POST /api/users/{id}/skills. */
export const skillInputSchema = z.strictObject({
  skillName: oneLineText('Skill name', { error: PROFILE_MESSAGES.skillNameRequired })
    .trim()
    .min(1, PROFILE_MESSAGES.skillNameRequired)
    .max(100, PROFILE_MESSAGES.fieldTooLong('Skill name', 100)),
  proficiencyLevel: z
    .number()
    .int(PROFILE_MESSAGES.proficiencyRange)
    .min(1, PROFILE_MESSAGES.proficiencyRange)
    .max(5, PROFILE_MESSAGES.proficiencyRange)
    .default(1),
  category: z.enum(SKILL_CATEGORIES, { error: PROFILE_MESSAGES.categoryInvalid }),
  alchemicalSymbol: z.enum(SKILL_SYMBOLS, { error: PROFILE_MESSAGES.symbolInvalid }).nullable().optional(),
  yearsExperience: z
    .number()
    .int(PROFILE_MESSAGES.yearsRange)
    .min(0, PROFILE_MESSAGES.yearsRange)
    .max(50, PROFILE_MESSAGES.yearsRange)
    .default(0),
  description: text('Description', 1000),
});
export type SkillInput = z.infer<typeof skillInputSchema>;
export const skillSchema = z.object({
  id: z.string(),
  userId: z.string(),
  skillName: z.string(),
  proficiencyLevel: z.number().int(),
  alchemicalSymbol: z.string().nullable(),
  category: z.string(),
  yearsExperience: z.number().int(),
  description: z.string().nullable(),
  isVerified: z.boolean(),
  endorsementCount: z.number().int(),
  /** Whether the viewer has endorsed it (so the page shows Endorse or Endorsed). */
  endorsedByViewer: z.boolean(),
});
export type Skill = z.infer<typeof skillSchema>;
export const endorseInputSchema = z.strictObject({ comment: text('Comment', 500) }).default({});

/** GET /api/users/{id}/stats: forum counts, points, rank and engagement. */
export const userStatsSchema = z.object({
  userId: z.string(),
  discussionsCreated: z.number().int(),
  repliesPosted: z.number().int(),
  upvotesReceived: z.number().int(),
  totalPoints: z.number().int(),
  rank: z.enum(USER_RANKS),
  engagementLevel: z.string(),
  engagementPercent: z.number().int(),
  lastActivity: z.string().nullable(),
});
export type UserStats = z.infer<typeof userStatsSchema>;

/** Engagement by total points, highest first. */
export const ENGAGEMENT_LEVELS = [
  { minPoints: 15000, label: 'Exceptional', percent: 100 },
  { minPoints: 5000, label: 'High', percent: 85 },
  { minPoints: 1500, label: 'Active', percent: 60 },
  { minPoints: 500, label: 'Moderate', percent: 35 },
  { minPoints: 100, label: 'Building', percent: 15 },
  { minPoints: 0, label: 'Starting', percent: 5 },
] as const;
export function engagementLevel(totalPoints: number) {
  return ENGAGEMENT_LEVELS.find((level) => totalPoints >= level.minPoints) ?? ENGAGEMENT_LEVELS.at(-1)!;
}

/** POST /api/users/{id}/views: a viewer opened the profile (the owner's own views are not recorded). */
export const profileViewInputSchema = z.strictObject({
  referrer: text('Referrer', 500),
  sectionsViewed: z.array(z.enum(PROFILE_SECTIONS)).max(PROFILE_SECTIONS.length).optional(),
});
export const profileViewRecordedSchema = z.object({ id: z.string().nullable() });
/** PATCH /api/users/{id}/views/{viewId}: the time spent, sent when the viewer leaves. */
export const profileViewTimeSchema = z.strictObject({ timeSpent: z.number().int().min(0).max(86_400) });

/** GET /api/users/{id}/analytics: the last 30 days; owner only. */
export const profileAnalyticsSchema = z.object({
  stats: z.object({ totalViews: z.number().int(), uniqueViewers: z.number().int(), avgTimeSpent: z.number() }),
  /** Oldest first, one entry per day of the window (zeros included) for the page's chart. */
  viewsPerDay: z.array(z.object({ date: z.string(), views: z.number().int() })),
});
export type ProfileAnalytics = z.infer<typeof profileAnalyticsSchema>;

/** GET/PATCH /api/users/{id}/privacy. */
export const privacySettingsSchema = z.object({
  personalInfoVisible: accessLevelSchema,
  contactInfoVisible: accessLevelSchema,
  workExperienceVisible: accessLevelSchema,
  educationVisible: accessLevelSchema,
  skillsVisible: accessLevelSchema,
  leadershipProgressVisible: accessLevelSchema,
  analyticsVisible: accessLevelSchema,
  /** The Activity Feed's tier: forum stats are answered at or above it (and only while showActivityFeed). */
  activityFeedVisible: accessLevelSchema,
  showOnlineStatus: z.boolean(),
  allowDirectMessages: z.boolean(),
  allowSkillEndorsements: z.boolean(),
  allowMentorshipRequests: z.boolean(),
  allowAnalyticsTracking: z.boolean(),
  showActivityFeed: z.boolean(),
});
export type PrivacySettings = z.infer<typeof privacySettingsSchema>;
/** The save payload; analyticsVisible is accepted but always stored as Core. */
export const privacyPatchSchema = privacySettingsSchema.partial().strict();
export type PrivacyPatch = z.infer<typeof privacyPatchSchema>;

/** The privacy panel's form fields mapped to the server's: work and education follow the profile, analytics is Core. */
export function privacyFormToPatch(form: {
  profileVisibility: PrivacySettings['personalInfoVisible'];
  skillsVisibility: PrivacySettings['skillsVisible'];
  leadershipProgressVisibility: PrivacySettings['leadershipProgressVisible'];
  contactInfoVisibility: PrivacySettings['contactInfoVisible'];
  activityFeedVisibility: PrivacySettings['activityFeedVisible'];
  allowDirectMessages: boolean;
  allowSkillEndorsements: boolean;
  showOnlineStatus: boolean;
  allowMentorshipRequests: boolean;
  allowAnalyticsTracking: boolean;
}): Omit<PrivacySettings, 'showActivityFeed'> {
  return {
    personalInfoVisible: form.profileVisibility,
    skillsVisible: form.skillsVisibility,
    leadershipProgressVisible: form.leadershipProgressVisibility,
    contactInfoVisible: form.contactInfoVisibility,
    workExperienceVisible: form.profileVisibility,
    educationVisible: form.profileVisibility,
    analyticsVisible: 'Core',
    activityFeedVisible: form.activityFeedVisibility,
    allowDirectMessages: form.allowDirectMessages,
    allowSkillEndorsements: form.allowSkillEndorsements,
    showOnlineStatus: form.showOnlineStatus,
    allowMentorshipRequests: form.allowMentorshipRequests,
    allowAnalyticsTracking: form.allowAnalyticsTracking,
  };
}

/**
 * profile.settings.updated: dm refuses new messages when allowDirectMessages is off; presence hides the
 * member; every payload that names the member shows their e-mail only to viewers at or above
 * contactInfoVisible (`maySeeContactInfo`). Events from before it was carried lack it: the default tier.
 */
export const profileSettingsUpdatedPayloadSchema = z.object({
  userId: z.string(),
  allowDirectMessages: z.boolean(),
  showOnlineStatus: z.boolean(),
  contactInfoVisible: accessLevelSchema.optional(),
});
export type ProfileSettingsUpdatedPayload = z.infer<typeof profileSettingsUpdatedPayloadSchema>;

/**
 * profile.identity.changed: names or picture changed on the profile. Auth owns them, applies the change
 * and emits auth.user.updated, which every replica (forum, dm, realtime) applies.
 */
export const profileIdentityChangedPayloadSchema = z.object({
  userId: z.string(),
  firstName: z.string().nullable().optional(),
  lastName: z.string().nullable().optional(),
  profileImageUrl: z.string().nullable().optional(),
});
export type ProfileIdentityChangedPayload = z.infer<typeof profileIdentityChangedPayloadSchema>;
