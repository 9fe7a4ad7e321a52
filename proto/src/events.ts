import { z } from 'zod';
import { accessLevelSchema } from './access.ts';

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
  forumReplyCreated: 'forum.reply.created',
  forumPollVoted: 'forum.poll.voted',
  forumMentionCreated: 'forum.mention.created',
  forumAttachmentCreated: 'forum.attachment.created',
} as const;

/** Request-reply subjects (service-to-service questions). */
export const RPC = {
  authJwks: 'rpc.auth.jwks',
  authSession: 'rpc.auth.session',
} as const;

export const userEventPayloadSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  accessLevel: accessLevelSchema,
  isAdmin: z.boolean(),
  isModerator: z.boolean(),
});
export type UserEventPayload = z.infer<typeof userEventPayloadSchema>;
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
