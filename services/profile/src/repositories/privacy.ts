import type { PrivacySettings } from '@crucible/proto';
import type { Db } from './db.ts';

/** The schema's defaults: a member who never saved has these. */
export const DEFAULT_PRIVACY: PrivacySettings = {
  personalInfoVisible: 'Public',
  contactInfoVisible: 'Apprentice',
  workExperienceVisible: 'Public',
  educationVisible: 'Public',
  skillsVisible: 'Public',
  leadershipProgressVisible: 'Apprentice',
  analyticsVisible: 'Core',
  activityFeedVisible: 'Apprentice',
  showOnlineStatus: true,
  allowDirectMessages: true,
  allowSkillEndorsements: true,
  allowMentorshipRequests: true,
  allowAnalyticsTracking: true,
  showActivityFeed: true,
};

/** The settings' fields, in the order the API shows them (the defaults' order). */
const FIELDS = Object.keys(DEFAULT_PRIVACY) as (keyof PrivacySettings)[];
const SELECT = Object.fromEntries(FIELDS.map((field) => [field, true])) as Record<keyof PrivacySettings, true>;

const pick = (settings: PrivacySettings): PrivacySettings =>
  Object.fromEntries(FIELDS.map((field) => [field, settings[field]])) as PrivacySettings;

export const privacy = {
  async find(db: Db, userId: string): Promise<PrivacySettings> {
    const row = await db.privacySettings.findUnique({ where: { userId }, select: SELECT });
    return row ? pick(row) : DEFAULT_PRIVACY;
  },
  async save(db: Db, userId: string, settings: PrivacySettings): Promise<void> {
    const values = pick(settings);
    await db.privacySettings.upsert({
      where: { userId },
      create: { userId, ...values },
      update: { ...values, updatedAt: new Date() },
      select: { userId: true },
    });
  },
};
