import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  EMAIL_DIGEST_DELAY_MS,
  notificationPreferencesSchema,
  type NotificationPreferences,
  type NotificationPreferencesUpdate,
} from '@crucible/proto';
import type { PrismaClient } from '../generated/prisma/client.ts';
import type { NotificationRow } from './notifications.ts';
import type { Sql } from './sql.ts';

const FIELD_COLUMNS: Record<keyof NotificationPreferences, string> = {
  directMessages: 'direct_messages',
  replies: 'replies',
  mentions: 'mentions',
  projects: 'projects',
  notices: 'notices',
  emailDigest: 'email_digest',
};

const COLUMNS = Object.entries(FIELD_COLUMNS)
  .map(([field, column]) => `${column} AS "${field}"`)
  .join(', ');

/** A member the summary pass may mail: their address and the time of their previous summary. */
export interface DigestCandidate {
  userId: string;
  email: string;
  firstName: string | null;
  digestSentAt: Date | null;
}

export type DigestItem = Pick<
  NotificationRow,
  'type' | 'title' | 'message' | 'createdAt' | 'discussionId' | 'replyId' | 'projectId' | 'fromUserId'
>;

export const notificationPreferences = {
  async get(prisma: PrismaClient, userId: string): Promise<NotificationPreferences> {
    const row = await prisma.notificationPreference.findUnique({ where: { userId } });
    return row ? notificationPreferencesSchema.parse(row) : DEFAULT_NOTIFICATION_PREFERENCES;
  },
  /** The stored preferences of those members who have any (the others have the defaults). */
  async ofMembers(sql: Sql, userIds: readonly string[]): Promise<Map<string, NotificationPreferences>> {
    if (userIds.length === 0) return new Map();
    const rows = await sql<NotificationPreferences & { userId: string }>(
      `SELECT user_id AS "userId", ${COLUMNS} FROM notification_preferences WHERE user_id = ANY($1::uuid[])`,
      [userIds],
    );
    return new Map(rows.map(({ userId, ...preferences }) => [userId, preferences]));
  },
  /** Writes the fields given (the others keep their value, or the default for a first write). */
  async update(
    prisma: PrismaClient,
    userId: string,
    update: NotificationPreferencesUpdate,
  ): Promise<NotificationPreferences> {
    const row = await prisma.notificationPreference.upsert({
      where: { userId },
      create: { userId, ...update },
      update: { ...update, updatedAt: new Date() },
    });
    return notificationPreferencesSchema.parse(row);
  },
  /**
   * Members with the summary on, away (no socket seen) for at least their delay, who have unread
   * direct messages or mentions that came after their previous summary. Who is online now is the
   * caller's to leave out (presence lives in the cache).
   */
  async digestCandidates(sql: Sql, now: Date, limit: number): Promise<DigestCandidate[]> {
    const rows = await sql<DigestCandidate>(
      `SELECT p.user_id AS "userId", u.email, u.first_name AS "firstName", p.digest_sent_at AS "digestSentAt"
         FROM notification_preferences p
         JOIN users u ON u.id = p.user_id
         LEFT JOIN member_last_seen s ON s.user_id = p.user_id
        WHERE p.email_digest <> 'off'
          AND (s.last_seen_at IS NULL OR s.last_seen_at <= $1::timestamptz - make_interval(secs =>
                CASE p.email_digest WHEN '15m' THEN $2::int WHEN 'hourly' THEN $3::int ELSE $4::int END / 1000.0))
          AND EXISTS (SELECT 1 FROM notifications n
                       WHERE n.user_id = p.user_id AND NOT n.is_read AND n.type IN ('direct_message', 'mention')
                         AND n.created_at > COALESCE(p.digest_sent_at, '-infinity'))
        ORDER BY p.user_id LIMIT $5`,
      [now, EMAIL_DIGEST_DELAY_MS['15m'], EMAIL_DIGEST_DELAY_MS.hourly, EMAIL_DIGEST_DELAY_MS.daily, limit],
    );
    return rows;
  },
  /**
   * Takes the member's summary for this pass: true when no other pass (another replica) took it since
   * `previous` was read, so one mail goes out per summary.
   */
  async claimDigest(sql: Sql, userId: string, previous: Date | null, now: Date): Promise<boolean> {
    const claimed = await sql(
      `UPDATE notification_preferences SET digest_sent_at = $3
        WHERE user_id = $1 AND digest_sent_at IS NOT DISTINCT FROM $2::timestamptz RETURNING user_id`,
      [userId, previous, now],
    );
    return claimed.length === 1;
  },
  /** Gives a summary back when its mail could not be sent, so the next pass tries again. */
  async releaseDigest(sql: Sql, userId: string, claimedAt: Date, previous: Date | null): Promise<void> {
    await sql(`UPDATE notification_preferences SET digest_sent_at = $3 WHERE user_id = $1 AND digest_sent_at = $2`, [
      userId,
      claimedAt,
      previous,
    ]);
  },
  /** The unread direct messages and mentions that came after the previous summary, newest first. */
  async digestItems(sql: Sql, userId: string, after: Date | null, limit: number): Promise<DigestItem[]> {
    const rows = await sql<DigestItem>(
      `SELECT type, title, message, created_at AS "createdAt", discussion_id AS "discussionId",
              reply_id AS "replyId", project_id AS "projectId", from_user_id AS "fromUserId"
         FROM notifications
        WHERE user_id = $1 AND NOT is_read AND type IN ('direct_message', 'mention')
          AND created_at > COALESCE($2::timestamptz, '-infinity')
        ORDER BY created_at DESC LIMIT $3`,
      [userId, after, limit],
    );
    return rows;
  },
};

export const memberLastSeen = {
  /** The members were seen now (a socket opened, closed, or answered the heartbeat); one statement for all. */
  async touch(sql: Sql, userIds: readonly string[]): Promise<void> {
    if (userIds.length === 0) return;
    await sql(
      `INSERT INTO member_last_seen (user_id, last_seen_at) SELECT DISTINCT unnest($1::uuid[]), now()
       ON CONFLICT (user_id) DO UPDATE SET last_seen_at = GREATEST(member_last_seen.last_seen_at, EXCLUDED.last_seen_at)`,
      [userIds],
    );
  },
  /** For tests and tools: the member was last seen at `at`. */
  async set(prisma: PrismaClient, userId: string, at: Date): Promise<void> {
    await prisma.memberLastSeen.upsert({
      where: { userId },
      create: { userId, lastSeenAt: at },
      update: { lastSeenAt: at },
    });
  },
};

export const serviceSecrets = {
  /** The named secret, made from `create` on first use; every replica gets the one that was stored first. */
  async getOrCreate(prisma: PrismaClient, name: string, create: () => string): Promise<string> {
    await prisma.serviceSecret.createMany({ data: [{ name, value: create() }], skipDuplicates: true });
    return (await prisma.serviceSecret.findUniqueOrThrow({ where: { name } })).value;
  },
};
