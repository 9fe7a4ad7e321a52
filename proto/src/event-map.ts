import type { z } from 'zod';
import {
  SUBJECTS,
  adminActionPayloadSchema,
  dmMessageCreatedPayloadSchema,
  dmMessageDeletedPayloadSchema,
  dmMessageEditedPayloadSchema,
  dmMessageReadPayloadSchema,
  sessionRevokedPayloadSchema,
  userDeletedPayloadSchema,
  userEventPayloadSchema,
  type EventEnvelope,
} from './events.ts';
import {
  attachmentCreatedPayloadSchema,
  discussionChangedPayloadSchema,
  discussionCreatedPayloadSchema,
  mentionCreatedPayloadSchema,
  pollVotedPayloadSchema,
  postRemovedPayloadSchema,
  replyCreatedPayloadSchema,
  voteCastPayloadSchema,
} from './forum.ts';
import { memberWarnedPayloadSchema, messageReportCreatedPayloadSchema, postReportedPayloadSchema } from './admin.ts';
import { profileIdentityChangedPayloadSchema, profileSettingsUpdatedPayloadSchema } from './profile.ts';
import { taskCommentedPayloadSchema, taskEventPayloadSchema } from './project.ts';

/**
 * Every event subject and the schema of its payload (immich's EventMap): emitting is typed by it,
 * and consumers receive payloads parsed by it. A subject missing here cannot be emitted.
 */
export const EVENT_PAYLOADS = {
  [SUBJECTS.userCreated]: userEventPayloadSchema,
  [SUBJECTS.userUpdated]: userEventPayloadSchema,
  [SUBJECTS.userDeleted]: userDeletedPayloadSchema,
  [SUBJECTS.sessionRevoked]: sessionRevokedPayloadSchema,
  [SUBJECTS.adminActionRecorded]: adminActionPayloadSchema,
  [SUBJECTS.forumDiscussionCreated]: discussionCreatedPayloadSchema,
  [SUBJECTS.forumDiscussionUpdated]: discussionChangedPayloadSchema,
  [SUBJECTS.forumDiscussionDeleted]: discussionChangedPayloadSchema,
  [SUBJECTS.forumReplyCreated]: replyCreatedPayloadSchema,
  [SUBJECTS.forumPostRemoved]: postRemovedPayloadSchema,
  [SUBJECTS.forumPollVoted]: pollVotedPayloadSchema,
  [SUBJECTS.forumVoteCast]: voteCastPayloadSchema,
  [SUBJECTS.forumMentionCreated]: mentionCreatedPayloadSchema,
  [SUBJECTS.forumAttachmentCreated]: attachmentCreatedPayloadSchema,
  [SUBJECTS.forumAdminAction]: adminActionPayloadSchema,
  [SUBJECTS.forumPostReported]: postReportedPayloadSchema,
  [SUBJECTS.dmMessageCreated]: dmMessageCreatedPayloadSchema,
  [SUBJECTS.dmMessageRead]: dmMessageReadPayloadSchema,
  [SUBJECTS.dmMessageDeleted]: dmMessageDeletedPayloadSchema,
  [SUBJECTS.dmMessageEdited]: dmMessageEditedPayloadSchema,
  [SUBJECTS.dmAdminAction]: adminActionPayloadSchema,
  [SUBJECTS.adminReportCreated]: messageReportCreatedPayloadSchema,
  [SUBJECTS.adminMemberWarned]: memberWarnedPayloadSchema,
  [SUBJECTS.profileSettingsUpdated]: profileSettingsUpdatedPayloadSchema,
  [SUBJECTS.profileIdentityChanged]: profileIdentityChangedPayloadSchema,
  [SUBJECTS.profileAdminAction]: adminActionPayloadSchema,
  [SUBJECTS.projectTaskCreated]: taskEventPayloadSchema,
  [SUBJECTS.projectTaskAssigned]: taskEventPayloadSchema,
  [SUBJECTS.projectTaskStatusChanged]: taskEventPayloadSchema,
  [SUBJECTS.projectTaskUpdated]: taskEventPayloadSchema,
  [SUBJECTS.projectTaskCommented]: taskCommentedPayloadSchema,
} as const satisfies Record<(typeof SUBJECTS)[keyof typeof SUBJECTS], z.ZodType>;

export type EventSubject = keyof typeof EVENT_PAYLOADS;
export type EventPayload<S extends EventSubject> = z.infer<(typeof EVENT_PAYLOADS)[S]>;
/** A known subject's payload; anything for a subject outside the map (tests' own subjects). */
export type PayloadOf<S extends string> = S extends EventSubject ? EventPayload<S> : unknown;

/**
 * The event a subscriber to `S` receives: for a known subject its parsed payload, one member per
 * subject (a union to switch on `subject`); for any other subject (tests' own) the payload unparsed.
 */
export type EventOf<S extends string> = S extends EventSubject
  ? EventEnvelope<EventPayload<S>> & { subject: S }
  : EventEnvelope;

export function isEventSubject(subject: string): subject is EventSubject {
  return Object.hasOwn(EVENT_PAYLOADS, subject);
}
