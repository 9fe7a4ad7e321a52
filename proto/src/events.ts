import { z } from 'zod';
import { accessLevelSchema } from './access-schema.ts';

/** Every event travels in this envelope; `id` is the dedupe key for the broker and the consumers. */
export const eventEnvelopeSchema = z.object({
  id: z.string().uuid(),
  subject: z.string().min(1),
  occurredAt: z.string(),
  payload: z.unknown(),
});
export type EventEnvelope<Payload = unknown> = { id: string; subject: string; occurredAt: string; payload: Payload };

/** One JetStream stream per owning service; subjects are `<service>.<entity>.<verb>`. */
export const EVENT_STREAMS = {
  AUTH: 'auth.>',
  FORUM: 'forum.>',
  DM: 'dm.>',
  PROJECT: 'project.>',
  PROFILE: 'profile.>',
  ADMIN: 'admin.>',
} as const;

export const SUBJECTS = {
  userCreated: 'auth.user.created',
  userUpdated: 'auth.user.updated',
  userDeleted: 'auth.user.deleted',
  sessionRevoked: 'auth.session.revoked',
  adminActionRecorded: 'auth.admin.action',
  forumDiscussionCreated: 'forum.discussion.created',
  forumDiscussionUpdated: 'forum.discussion.updated',
  forumDiscussionDeleted: 'forum.discussion.deleted',
  forumReplyCreated: 'forum.reply.created',
  /** A moderator deleted a member's post: its author is notified. */
  forumPostRemoved: 'forum.post.removed',
  forumPollVoted: 'forum.poll.voted',
  /** An up- or down-vote on a discussion or reply (the votes table), not a poll vote. */
  forumVoteCast: 'forum.vote.cast',
  forumMentionCreated: 'forum.mention.created',
  forumAttachmentCreated: 'forum.attachment.created',
  /** Forum moderation and moderator grants, for the audit log (adminActionPayloadSchema). */
  forumAdminAction: 'forum.admin.action',
  /** A member reported a discussion or reply (postReportedPayloadSchema); the admin service queues it. */
  forumPostReported: 'forum.post.reported',
  dmMessageCreated: 'dm.message.created',
  dmMessageRead: 'dm.message.read',
  dmMessageDeleted: 'dm.message.deleted',
  dmMessageEdited: 'dm.message.edited',
  dmAdminAction: 'dm.admin.action',
  adminReportCreated: 'admin.report.created',
  /** A moderator warned a member from the review queue (memberWarnedPayloadSchema); realtime notifies them. */
  adminMemberWarned: 'admin.member.warned',
  profileSettingsUpdated: 'profile.settings.updated',
  profileIdentityChanged: 'profile.identity.changed',
  /** An admin changed another member's profile (adminActionPayloadSchema), for the audit log. */
  profileAdminAction: 'profile.admin.action',
  projectTaskCreated: 'project.task.created',
  projectTaskAssigned: 'project.task.assigned',
  projectTaskStatusChanged: 'project.task.status_changed',
  projectTaskUpdated: 'project.task.updated',
  /** A comment on a task (taskCommentedPayloadSchema); realtime notifies the mentioned and the assignees. */
  projectTaskCommented: 'project.task.commented',
} as const;

/** Request-reply subjects (service-to-service questions). */
export const RPC = {
  authJwks: 'rpc.auth.jwks',
  authSession: 'rpc.auth.session',
  /** `{ id }` -> the user as user events carry it (`userEventPayloadSchema`), or null for an unknown id. */
  authUser: 'rpc.auth.user',
  /** A review's consequences (adminSuspendRequestSchema, adminDeactivateRequestSchema, adminDeletePostRequestSchema). */
  authAdminSuspend: 'rpc.auth.admin.suspend',
  authAdminDeactivate: 'rpc.auth.admin.deactivate',
  forumAdminDeletePost: 'rpc.forum.admin.delete-post',
  dmAdminConversations: 'rpc.dm.admin.conversations',
  dmAdminMessages: 'rpc.dm.admin.messages',
  dmAdminBulkDelete: 'rpc.dm.admin.bulk-delete',
  dmAdminBulkFlag: 'rpc.dm.admin.bulk-flag',
  /** A message as the admin service keeps it, for a report that arrives before dm's event. */
  dmMessageSnapshot: 'rpc.dm.message.snapshot',
  /** `{ userA, userB }` -> `DmRpcAnswer<{ blocked }>`: either member blocked the other (realtime's typing check). */
  dmBlockedBetween: 'rpc.dm.blocked-between',
  /** `{ senderId, recipientIds }` -> `DmRpcAnswer<{ messageable }>`: the recipients dm would take the sender's message to. */
  dmMessageable: 'rpc.dm.messageable',
} as const;

/**
 * Notices every instance receives (bus.broadcast / bus.listen), stored nowhere: for what each
 * instance caches in memory. Outside every stream, like request-reply subjects.
 */
export const BROADCASTS = {
  /** `{ sessionId, principal }`: the session's principal as it is now, null once it is revoked. */
  sessionChanged: 'broadcast.auth.session',
  /** Between realtime's instances, each delivering to its own sockets (payloads in `proto/src/realtime.ts`). */
  liveToUsers: 'realtime.live.users',
  liveChat: 'realtime.live.chat',
  livePresenceChanged: 'realtime.live.presence',
  liveSessionRevoked: 'realtime.live.session-revoked',
} as const;

export const userLookupRequestSchema = z.object({ id: z.string().uuid() });

export const userEventPayloadSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  accessLevel: accessLevelSchema,
  isAdmin: z.boolean(),
  isModerator: z.boolean(),
  /**
   * False while an admin has deactivated the account; `suspendedUntil` the end of a suspension (it
   * lapses by itself). Such a member can neither be messaged nor assigned tasks (`isReachable`).
   * Events from before they were carried lack them: active, not suspended.
   */
  isActive: z.boolean().optional(),
  suspendedUntil: z.string().nullable().optional(),
});
export type UserEventPayload = z.infer<typeof userEventPayloadSchema>;

/** A member others may message or assign work to: active, and not suspended at `now`. */
export function isReachable(
  user: { isActive?: boolean | null; suspendedUntil?: Date | string | null },
  now = new Date(),
): boolean {
  if (user.isActive === false) return false;
  return !user.suspendedUntil || new Date(user.suspendedUntil) <= now;
}
export const userDeletedPayloadSchema = z.object({ id: z.string() });
export const sessionRevokedPayloadSchema = z.object({ sessionId: z.string(), userId: z.string(), reason: z.string() });
export type SessionRevokedPayload = z.infer<typeof sessionRevokedPayloadSchema>;

/** Admin actions, for the audit log that the admin service keeps. */
export const adminActionPayloadSchema = z.object({
  adminId: z.string(),
  actionType: z.string(),
  targetUserId: z.string().nullable(),
  description: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  sessionId: z.string().nullable(),
  /** What the action was about beyond a member, for the audit log's target columns. */
  targetMessageId: z.string().nullish(),
  targetReportId: z.string().nullish(),
  targetFlagId: z.string().nullish(),
});
export type AdminActionPayload = z.infer<typeof adminActionPayloadSchema>;

/** The session as verifiers see it: the current level, not the one at sign-in. */
export const sessionPrincipalSchema = z.object({
  userId: z.string(),
  sessionId: z.string(),
  accessLevel: accessLevelSchema,
  isAdmin: z.boolean(),
  isModerator: z.boolean(),
  emailVerified: z.boolean(),
});
export type SessionPrincipal = z.infer<typeof sessionPrincipalSchema>;

/** dm.message.created: the whole message, so the live layer and the admin service need not ask. */
export const dmMessageCreatedPayloadSchema = z.object({
  id: z.string(),
  content: z.string(),
  senderId: z.string(),
  recipientId: z.string(),
  createdAt: z.string(),
  messageSizeBytes: z.number().int(),
});
export type DmMessageCreatedPayload = z.infer<typeof dmMessageCreatedPayloadSchema>;
/** dm.message.read: the reader opened the conversation with senderId; these messages became Read. */
export const dmMessageReadPayloadSchema = z.object({
  readerId: z.string(),
  senderId: z.string(),
  messageIds: z.array(z.string()),
  readAt: z.string(),
});
export type DmMessageReadPayload = z.infer<typeof dmMessageReadPayloadSchema>;
export const dmMessageDeletedPayloadSchema = z.object({
  id: z.string(),
  senderId: z.string(),
  recipientId: z.string(),
  deletedBy: z.enum(['sender', 'admin']),
  deletedByAdminId: z.string().nullable(),
  reason: z.string().nullable(),
});
export type DmMessageDeletedPayload = z.infer<typeof dmMessageDeletedPayloadSchema>;
/** dm.message.edited: the sender changed the text; the message as it is now. */
export const dmMessageEditedPayloadSchema = z.object({
  id: z.string(),
  content: z.string(),
  senderId: z.string(),
  recipientId: z.string(),
  createdAt: z.string(),
  editedAt: z.string(),
  messageSizeBytes: z.number().int(),
});
export type DmMessageEditedPayload = z.infer<typeof dmMessageEditedPayloadSchema>;
