import type { PrivacySettings } from '@crucible/proto';
import { execute, rows, type Db } from './db.ts';

const COLUMNS = {
  personalInfoVisible: 'personal_info_visible',
  contactInfoVisible: 'contact_info_visible',
  workExperienceVisible: 'work_experience_visible',
  educationVisible: 'education_visible',
  skillsVisible: 'skills_visible',
  leadershipProgressVisible: 'leadership_progress_visible',
  analyticsVisible: 'analytics_visible',
  activityFeedVisible: 'activity_feed_visible',
  showOnlineStatus: 'show_online_status',
  allowDirectMessages: 'allow_direct_messages',
  allowSkillEndorsements: 'allow_skill_endorsements',
  allowMentorshipRequests: 'allow_mentorship_requests',
  allowAnalyticsTracking: 'allow_analytics_tracking',
  showActivityFeed: 'show_activity_feed',
} as const satisfies Record<keyof PrivacySettings, string>;
type Field = keyof typeof COLUMNS;
const LEVEL_FIELDS = new Set<Field>([
  'personalInfoVisible',
  'contactInfoVisible',
  'workExperienceVisible',
  'educationVisible',
  'skillsVisible',
  'leadershipProgressVisible',
  'analyticsVisible',
  'activityFeedVisible',
]);

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

const SELECT = Object.entries(COLUMNS)
  .map(([field, column]) => `${column}${LEVEL_FIELDS.has(field as Field) ? '::text' : ''} AS "${field}"`)
  .join(', ');

export const privacy = {
  async find(db: Db, userId: string): Promise<PrivacySettings> {
    const [row] = await rows<PrivacySettings>(
      db,
      `SELECT ${SELECT} FROM profile_privacy WHERE user_id = $1::uuid`,
      userId,
    );
    return row ?? DEFAULT_PRIVACY;
  },
  async save(db: Db, userId: string, settings: PrivacySettings): Promise<void> {
    const fields = Object.keys(COLUMNS) as Field[];
    const columns = fields.map((field) => COLUMNS[field]);
    await execute(
      db,
      `INSERT INTO profile_privacy (user_id, ${columns.join(', ')})
       VALUES ($1::uuid, ${fields.map((field, index) => `$${index + 2}${LEVEL_FIELDS.has(field) ? '::access_level' : ''}`).join(', ')})
       ON CONFLICT (user_id) DO UPDATE SET ${columns.map((column) => `${column} = EXCLUDED.${column}`).join(', ')}, updated_at = now()`,
      userId,
      ...fields.map((field) => settings[field]),
    );
  },
};
