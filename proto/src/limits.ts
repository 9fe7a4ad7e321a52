/** Every number the product fixes, in one place. Sizes are bytes, durations milliseconds unless named. */
export const LIMITS = {
  password: { min: 8, max: 128 },
  name: { max: 100 },
  email: { max: 254 },
  userSearch: { minChars: 2, maxResults: 20 },
  adminUsers: { pageSize: 10, maxPageSize: 1000 },
  badgeCap: 99,
  notifications: { dropdownMax: 10, titleMax: 255 },
  dashboard: {
    tasks: 5,
    discussions: 3,
    conversations: 3,
    onlineUsers: 8,
    taskDescription: 100,
    discussionContent: 150,
    messagePreview: 100,
  },
  forum: {
    attachmentMaxBytes: 50 * 1024 * 1024,
    pollMinOptions: 2,
    tagNameMax: 50,
    subcategoryNameMax: 255,
    slugMax: 255,
  },
  directMessage: {
    formMaxChars: 10_000,
    schemaMaxChars: 1_048_576,
    pageSize: 50,
    quotaBytes: 1_048_576,
    quotaWarningBytes: 838_860,
    /** A sender may edit a message this long after sending it. */
    editWindowMs: 15 * 60 * 1000,
  },
  profile: {
    pictureMaxBytes: 2 * 1024 * 1024,
    bio: 1000,
    personalStory: 5000,
    personalMission: 2000,
    leadershipPhilosophy: 2000,
    leadershipJourney: 5000,
    careerGoals: 2000,
    professionalJourney: 5000,
    leadershipExperience: 3000,
    productConnection: 3000,
  },
  /** The member directory (/members): cards per page. */
  memberDirectory: { pageSize: 24, maxPageSize: 50, maxSearchChars: 100 },
  /**
   * The live socket retries for as long as the page is open (only a refused sign-in, 1008, stops it),
   * each wait jittered to between half and all of the capped exponential step.
   */
  socket: { backoffCapMs: 30_000, authFailedCode: 1008 },
  unauthorizedRedirectDelayMs: 500,
  /** How long a signed upload or download link works. */
  signedLinkSeconds: 15 * 60,
  passwordResetTokenTtlMinutes: 60,
  emailVerificationTokenTtlHours: 48,
} as const;

export const LAUNCH_DATE = '2026-01-02T00:00:00Z';
export const COPYRIGHT_YEAR = 2025;
