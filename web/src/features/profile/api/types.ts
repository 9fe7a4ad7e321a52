/**
 * The profile answers these pages rely on (spec 3 sections 3 and 7). The profile service and its
 * contracts are built on another branch (profile-svc) at the same time and had not committed them
 * when these pages were written: when they merge, replace these with the proto types
 * (proto/src/profile.ts), keeping the fields the pages read. Paths already follow its contract
 * (PUT profile-form, POST/DELETE picture, POST skills/{id}/endorsements, POST views).
 */
import type { AccessLevel } from '@crucible/proto';

export interface Workplace {
  id?: string;
  companyName: string;
  jobTitle: string | null;
  startDate: string | null;
  endDate: string | null;
  isCurrent: boolean;
  description: string | null;
  location: string | null;
}

export interface Education {
  id?: string;
  institution: string;
  degree: string | null;
  fieldOfStudy: string | null;
  startDate: string | null;
  endDate: string | null;
  isOngoing: boolean;
  description: string | null;
  location: string | null;
}

/** The text fields of the edit form, as PATCH /api/users/{id}/profile takes them. */
export interface ProfileFields {
  firstName: string | null;
  lastName: string | null;
  preferredName: string | null;
  jobTitle: string | null;
  birthday: string | null;
  phoneNumber: string | null;
  currentLocation: string | null;
  preferredContactMethod: string | null;
  bio: string | null;
  personalMission: string | null;
  leadershipPhilosophy: string | null;
  personalStory: string | null;
  professionalJourney: string | null;
  leadershipExperience: string | null;
  crucibleConnection: string | null;
  leadershipJourney: string | null;
  careerGoals: string | null;
  /** A data URL on save (the service re-encodes it); a URL when read. Null removes the picture. Left out when unchanged. */
  picture?: string | null;
}

export interface Profile extends ProfileFields {
  id: string;
  email: string | null;
  joinedAt: string | null;
  accessLevel: AccessLevel;
  profileImageUrl: string | null;
  alchemicalSymbols: string[];
  certificationLevels: string[];
  /** The owner or an admin: edit buttons show. */
  canEdit?: boolean;
  /** Contact fields came back null because the viewer is below the contact tier. */
  contactInfoHidden?: boolean;
  /** dm would take the viewer's message to this member: 'Message' shows. */
  canMessage?: boolean;
}

export interface LeadershipProgress {
  visionScore: number;
  integrityScore: number;
  passionScore: number;
  leadershipCoefficient: number;
  overallScore: number;
  lastAssessmentDate: string | null;
}

export const SKILL_CATEGORIES = [
  'Technical',
  'Leadership',
  'Communication',
  'Creative',
  'Business',
  'Personal',
] as const;
export type SkillCategory = (typeof SKILL_CATEGORIES)[number];

export interface Skill {
  id: string;
  skillName: string;
  proficiencyLevel: number;
  alchemicalSymbol: string | null;
  category: SkillCategory;
  yearsExperience: number | null;
  description: string | null;
  isVerified: boolean;
  endorsementCount: number;
  /** Whether the viewer already endorsed it (the service refuses a second endorsement). */
  endorsedByViewer?: boolean;
}

export interface NewSkill {
  skillName: string;
  proficiencyLevel: number;
  alchemicalSymbol: string;
  category: SkillCategory;
  yearsExperience: number;
  description: string | null;
}

export interface UserStats {
  discussionsCreated: number;
  repliesPosted: number;
  upvotesReceived: number;
  totalPoints: number;
  rank: string;
  lastActivity: string | null;
}

export interface ProfileAnalytics {
  stats: { totalViews: number; uniqueViewers: number; avgTimeSpent: number };
  /** Beyond the spec: views per day over the last 30 days, oldest first. */
  viewsPerDay?: { date: string; views: number }[];
}

/** The privacy form of spec 3 section 3 (client field names). */
export interface PrivacyForm {
  profileVisibility: AccessLevel;
  skillsVisibility: AccessLevel;
  leadershipProgressVisibility: AccessLevel;
  contactInfoVisibility: AccessLevel;
  activityFeedVisibility: AccessLevel;
  allowDirectMessages: boolean;
  allowSkillEndorsements: boolean;
  showOnlineStatus: boolean;
  allowMentorshipRequests: boolean;
  allowAnalyticsTracking: boolean;
}

/** The save payload of spec 3 section 7 (server field names). */
export interface PrivacySettings {
  personalInfoVisible: AccessLevel;
  skillsVisible: AccessLevel;
  leadershipProgressVisible: AccessLevel;
  contactInfoVisible: AccessLevel;
  workExperienceVisible: AccessLevel;
  educationVisible: AccessLevel;
  analyticsVisible: AccessLevel;
  activityFeedVisible: AccessLevel;
  allowDirectMessages: boolean;
  allowSkillEndorsements: boolean;
  showOnlineStatus: boolean;
  allowMentorshipRequests: boolean;
  allowAnalyticsTracking: boolean;
}

/** A list replace names the ids it was loaded with; the service refuses (409) any other stored list. */
export interface ListReplace<T> {
  loadedIds: string[];
  entries: T[];
}

export interface ProfileFormSave {
  profile: ProfileFields;
  workplaces: ListReplace<Workplace>;
  education: ListReplace<Education>;
}

export interface ConversationPreview {
  otherUser: { id: string; firstName: string | null; lastName: string | null; email: string | null };
  lastMessage: { content: string; createdAt: string } | null;
  unreadCount: number;
  lastMessageAt: string | null;
}

export interface WatchedDiscussionPreview {
  id: string;
  title: string;
  replyCount?: number;
  watchedAt: string;
}
