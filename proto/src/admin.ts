import { z } from 'zod';
import { ACCESS_LEVELS } from './access.ts';
import { dmAdminActorSchema } from './dm.ts';

/** Exact texts of the report dialog and the console's validation, plus the server's own refusals. */
export const ADMIN_MESSAGES = {
  reportTypeRequired: 'Please select a report type',
  reportSubmitted: 'Report submitted successfully',
  reportFailed: 'Error submitting report',
  messageRequired: 'A message to report is required',
  messageNotFound: 'Message not found',
  notYourOwnMessage: 'You cannot report your own message',
  alreadyReported: 'You have already reported this message',
  reasonTooLong: 'The reason must be 2,000 characters or less',
  notYourOwnPost: 'You cannot report your own post',
  alreadyReportedPost: 'You have already reported this post',
  // The console's validation and permission texts, and the service's own refusals.
  reasonRequired: 'Reason is required',
  noMessagesSelected: 'No messages selected',
  tooManyMessages: 'Select at most 500 messages',
  noResolutionNotes: 'No resolution notes provided',
  notesTooLong: 'Notes must be 2,000 characters or less',
  reportNotFound: 'Report not found',
  reportAlreadyResolved: 'This report is already resolved',
  flagNotFound: 'Flag not found',
  flagAlreadyResolved: 'This flag is already resolved',
  flagStatusInvalid: 'Status must be one of pending, under_review, resolved, dismissed, escalated',
  priorityInvalid: 'Priority must be a whole number from 1 to 5',
  accessLevelNotFound: 'Access level not found',
  accessLevelEditDenied: 'Viewing mode - Core or Admin access required to edit access levels',
  descriptionRequired: 'Description is required',
  descriptionTooLong: 'Description must be 1,000 characters or less',
  conversationUserNotFound: 'User not found',
  viewReasonRequired: 'A reason for viewing this conversation is required',
  actionTypeInvalid: 'Unknown action type',
  adminIdInvalid: 'Unknown admin',
  targetUserInvalid: 'Unknown target member',
  auditDateInvalid: 'Dates must be ISO 8601 (for example 2026-01-31T00:00:00Z)',
  auditDateRangeInvalid: 'The start date must not be after the end date',
  searchTooLong: 'Search text must be 200 characters or less',
  reviewItemNotFound: 'Nothing was reported there',
  reviewItemAlreadyResolved: 'These reports are already resolved',
  outcomeInvalid: 'Choose dismiss, delete, warn, suspend or ban',
  warningTextRequired: 'A warning needs the text the member will read',
  suspensionEndRequired: 'A suspension needs the time it ends, in the future and within a year',
} as const;

/** The six types the report dialog offers, which the server accepts and stores. */
export const REPORT_TYPES = ['spam', 'harassment', 'inappropriate_content', 'hate_speech', 'threat', 'other'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** The seven types of the data schema, kept beside the dialog's for the console's filters. */
export const SCHEMA_REPORT_TYPES = [
  'spam',
  'harassment',
  'inappropriate',
  'off_topic',
  'misinformation',
  'personal_info',
  'other',
] as const;
export type SchemaReportType = (typeof SCHEMA_REPORT_TYPES)[number];

/** Every dialog type maps to one schema type; services/admin/README.md says why each lands where it does. */
export const SCHEMA_TYPE_OF_REPORT: Record<ReportType, SchemaReportType> = {
  spam: 'spam',
  harassment: 'harassment',
  inappropriate_content: 'inappropriate',
  hate_speech: 'harassment',
  threat: 'harassment',
  other: 'other',
};

/** POST /api/admin/message-reports */
export const messageReportCreateSchema = z.object({
  messageId: z.string({ error: ADMIN_MESSAGES.messageRequired }).min(1, ADMIN_MESSAGES.messageRequired),
  reportType: z.enum(REPORT_TYPES, { error: ADMIN_MESSAGES.reportTypeRequired }),
  reportReason: z
    .string()
    .trim()
    .max(2000, ADMIN_MESSAGES.reasonTooLong)
    .nullish()
    .transform((reason) => reason || null),
});
export type MessageReportCreate = z.infer<typeof messageReportCreateSchema>;

export const messageReportSchema = z.object({
  id: z.string(),
  messageId: z.string(),
  reporterId: z.string(),
  reportType: z.enum(REPORT_TYPES),
  schemaReportType: z.enum(SCHEMA_REPORT_TYPES),
  reportReason: z.string().nullable(),
  isResolved: z.boolean(),
  createdAt: z.string(),
});
export type MessageReport = z.infer<typeof messageReportSchema>;

/** admin.report.created: the report and the message's sender, for the audit log and notifications. */
export const messageReportCreatedPayloadSchema = messageReportSchema.extend({ senderId: z.string() });
export type MessageReportCreatedPayload = z.infer<typeof messageReportCreatedPayloadSchema>;

/** admin.member.warned: a moderator's warning with their text, which the member gets as a notification. */
export const memberWarnedPayloadSchema = z.object({
  userId: z.string(),
  warnedBy: z.string(),
  message: z.string(),
  /** What the warning is about: a direct message or a forum post. */
  kind: z.enum(['dm_report', 'post_report']),
  targetId: z.string(),
});
export type MemberWarnedPayload = z.infer<typeof memberWarnedPayloadSchema>;

/**
 * POST /api/discussions/{id}/report and /api/discussions/{id}/replies/{replyId}/report: a member
 * reports a forum post with one of the dialog's types and free text (one report per member per post).
 */
export const postReportCreateSchema = z.object({
  reportType: z.enum(REPORT_TYPES, { error: ADMIN_MESSAGES.reportTypeRequired }),
  reportReason: messageReportCreateSchema.shape.reportReason,
});
export type PostReportCreate = z.input<typeof postReportCreateSchema>;
export const postReportSchema = z.object({
  id: z.string(),
  discussionId: z.string(),
  replyId: z.string().nullable(),
  reportType: z.enum(REPORT_TYPES),
  reportReason: z.string().nullable(),
  createdAt: z.string(),
});
export type PostReport = z.infer<typeof postReportSchema>;
/** forum.post.reported: the report with what the post said then, so the queue can judge it after an edit or deletion. */
export const postReportedPayloadSchema = postReportSchema.extend({
  reporterId: z.string(),
  authorId: z.string(),
  discussionTitle: z.string(),
  content: z.string(),
});
export type PostReportedPayload = z.infer<typeof postReportedPayloadSchema>;

// ---------------------------------------------------------------------------------------------
// The admin console: its entities, states, validation and calls. Lists are paged by limit/offset and answer
// { <items>, total }; every timestamp is an ISO 8601 string in UTC.

const pageQuery = (defaultLimit: number, maxLimit: number) => ({
  limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
  offset: z.coerce.number().int().min(0).default(0),
});

/** message_flag_status; an admin may set any of them; a resolved flag is final. */
export const MESSAGE_FLAG_STATUSES = ['pending', 'under_review', 'resolved', 'dismissed', 'escalated'] as const;
export type MessageFlagStatus = (typeof MESSAGE_FLAG_STATUSES)[number];

/**
 * admin_action_type: the schema's thirteen first, then the actions the audit log
 * records beyond them (user administration in auth, flag reviews, access-level edits, forum moderation).
 */
export const SCHEMA_ADMIN_ACTION_TYPES = [
  'message_delete',
  'message_flag',
  'message_unflag',
  'bulk_delete',
  'user_warn',
  'user_suspend',
  'user_ban',
  'user_unban',
  'conversation_view',
  'report_review',
  'report_resolve',
  'report_dismiss',
  'other',
] as const;
export const ADMIN_ACTION_TYPES = [
  ...SCHEMA_ADMIN_ACTION_TYPES,
  'user_update',
  'user_access_level',
  'user_delete',
  'user_deactivate',
  'user_reactivate',
  'user_password_reset',
  'flag_status_change',
  'access_level_update',
  'forum_moderation',
  'moderator_grant',
  'moderator_revoke',
] as const;
export type AdminActionType = (typeof ADMIN_ACTION_TYPES)[number];
/** The audit-log filter of the interface. */
export const AUDIT_FILTER_ACTION_TYPES = [
  'message_delete',
  'message_flag',
  'message_unflag',
  'report_review',
  'report_resolve',
  'conversation_view',
  'bulk_delete',
  'other',
] as const satisfies readonly AdminActionType[];

/** A path segment naming one of the six levels; anything else names nothing (404). */
export const accessLevelValuePath = z.object({
  value: z.enum(ACCESS_LEVELS, { error: ADMIN_MESSAGES.accessLevelNotFound }),
});

/** GET /api/admin/access-levels (ordered by orderIndex, Public first). */
export const accessLevelEntrySchema = z.object({
  value: z.enum(ACCESS_LEVELS),
  label: z.string(),
  description: z.string(),
  orderIndex: z.number().int(),
  updatedAt: z.string(),
});
export type AccessLevelEntry = z.infer<typeof accessLevelEntrySchema>;

/** PATCH /api/admin/access-levels/{value}: only the description changes (the name never does). */
export const accessLevelPatchSchema = z.strictObject({
  description: z
    .string({ error: ADMIN_MESSAGES.descriptionRequired })
    .trim()
    .min(1, ADMIN_MESSAGES.descriptionRequired)
    .max(1000, ADMIN_MESSAGES.descriptionTooLong),
});
export type AccessLevelPatch = z.infer<typeof accessLevelPatchSchema>;

/** A member as the console names them: first plus last name, else e-mail, else 'Unknown User'. */
export const adminPersonSchema = z.object({ id: z.string(), name: z.string(), email: z.string().nullable() });
export type AdminPerson = z.infer<typeof adminPersonSchema>;

/** GET /api/admin/conversations?limit&offset: every pair with messages, newest activity first. */
export const adminConversationsQuerySchema = z.object(pageQuery(10, 200));
export const adminConversationSchema = z.object({
  user1Id: z.string(),
  user2Id: z.string(),
  user1Name: z.string(),
  user2Name: z.string(),
  messageCount: z.number().int(),
  totalBytes: z.number().int(),
  lastActivity: z.string().nullable(),
});
export type AdminConversation = z.infer<typeof adminConversationSchema>;
export const adminConversationListSchema = z.object({
  conversations: z.array(adminConversationSchema),
  hasMore: z.boolean(),
});
export type AdminConversationList = z.infer<typeof adminConversationListSchema>;

/** An attachment of a message (direct messages carry none yet: always an empty list). */
export const adminMessageAttachmentSchema = z.object({ id: z.string(), fileName: z.string(), url: z.string() });

/** Admin message: deleted ones too, with who deleted them and why. */
export const adminMessageSchema = z.object({
  id: z.string(),
  senderId: z.string(),
  recipientId: z.string(),
  senderName: z.string(),
  recipientName: z.string(),
  content: z.string(),
  createdAt: z.string(),
  attachments: z.array(adminMessageAttachmentSchema),
  isDeletedByAdmin: z.boolean(),
  deletionReason: z.string().nullable(),
  deletedAt: z.string().nullable(),
});
export type AdminMessage = z.infer<typeof adminMessageSchema>;

/**
 * POST /api/admin/conversations/{user1Id}/{user2Id} {reason, limit, cursor}: oldest first. Reading a
 * pair's messages is an audited act, so it is a POST carrying the admin's reason (recorded as
 * conversation_view with it): a GET, which any page could make an admin's browser send, reads nothing.
 */
export const adminConversationPath = z.object({
  user1Id: z.uuid({ error: ADMIN_MESSAGES.conversationUserNotFound }).transform((id) => id.toLowerCase()),
  user2Id: z.uuid({ error: ADMIN_MESSAGES.conversationUserNotFound }).transform((id) => id.toLowerCase()),
});
export const adminConversationViewSchema = z.object({
  reason: z
    .string({ error: ADMIN_MESSAGES.viewReasonRequired })
    .trim()
    .min(1, ADMIN_MESSAGES.viewReasonRequired)
    .max(500, ADMIN_MESSAGES.reasonTooLong),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(200).optional(),
});
export type AdminConversationView = z.input<typeof adminConversationViewSchema>;
export const adminConversationMessagesSchema = z.object({
  user1: adminPersonSchema,
  user2: adminPersonSchema,
  messages: z.array(adminMessageSchema),
  nextCursor: z.string().nullable(),
  hasMore: z.boolean(),
});
export type AdminConversationMessages = z.infer<typeof adminConversationMessagesSchema>;

/** GET /api/admin/direct-messages?limit&offset: the most recent messages of all members, newest first. */
const auditDate = z.iso
  .datetime({ offset: true, error: ADMIN_MESSAGES.auditDateInvalid })
  .transform((date) => new Date(date))
  .optional();

/**
 * GET /api/admin/direct-messages?memberId&q&from&to&limit&offset: every message the console knows,
 * newest first, by a member (sender or recipient), by text (case-insensitive substring) and by the
 * time it was sent (from and to inclusive, ISO 8601).
 */
export const adminDirectMessagesQuerySchema = z
  .object({
    memberId: z
      .uuid({ error: ADMIN_MESSAGES.targetUserInvalid })
      .optional()
      .transform((id) => id?.toLowerCase()),
    q: z.string().trim().max(200, ADMIN_MESSAGES.searchTooLong).optional(),
    from: auditDate,
    to: auditDate,
    ...pageQuery(20, 200),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: ADMIN_MESSAGES.auditDateRangeInvalid,
    path: ['from'],
  });
export type AdminDirectMessagesQuery = z.input<typeof adminDirectMessagesQuerySchema>;
export const adminDirectMessageListSchema = z.object({
  messages: z.array(adminMessageSchema),
  total: z.number().int(),
});
export type AdminDirectMessageList = z.infer<typeof adminDirectMessageListSchema>;

/** The reported or flagged message as the admin service keeps it (it outlives a deletion). */
export const adminMessageSnapshotSchema = z.object({
  id: z.string(),
  content: z.string(),
  senderId: z.string(),
  senderName: z.string(),
  recipientId: z.string(),
  recipientName: z.string(),
  sentAt: z.string(),
  deletedAt: z.string().nullable(),
});

/** GET /api/admin/message-reports?status&limit&offset: open ones first, then newest first. */
export const REPORT_STATUS_FILTERS = ['all', 'open', 'resolved'] as const;
export const adminReportsQuerySchema = z.object({
  status: z.enum(REPORT_STATUS_FILTERS).default('all'),
  ...pageQuery(50, 200),
});
export const adminReportSchema = z.object({
  id: z.string(),
  messageId: z.string(),
  reporterId: z.string(),
  reporterName: z.string(),
  reportType: z.enum(REPORT_TYPES),
  schemaReportType: z.enum(SCHEMA_REPORT_TYPES),
  reportReason: z.string().nullable(),
  isResolved: z.boolean(),
  resolution: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  resolvedByName: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  createdAt: z.string(),
  message: adminMessageSnapshotSchema,
});
export type AdminReport = z.infer<typeof adminReportSchema>;
export const adminReportListSchema = z.object({ reports: z.array(adminReportSchema), total: z.number().int() });
export type AdminReportList = z.infer<typeof adminReportListSchema>;

/** POST /api/admin/message-reports/{id}/resolve: empty notes become 'No resolution notes provided'. */
export const resolveReportSchema = z.object({
  resolution: z
    .string()
    .trim()
    .max(2000, ADMIN_MESSAGES.notesTooLong)
    .nullish()
    .transform((notes) => notes || ADMIN_MESSAGES.noResolutionNotes),
});
export type ResolveReport = z.infer<typeof resolveReportSchema>;

/** Message flag. */
export const messageFlagSchema = z.object({
  id: z.string(),
  messageId: z.string(),
  status: z.enum(MESSAGE_FLAG_STATUSES),
  priority: z.number().int(),
  reason: z.string(),
  flaggedBy: z.string(),
  flaggedByName: z.string(),
  reviewNotes: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  reviewedByName: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
  message: adminMessageSnapshotSchema,
});
export type MessageFlag = z.infer<typeof messageFlagSchema>;

/** GET /api/admin/message-flags?status&limit&offset: highest priority first, then newest. */
export const adminFlagsQuerySchema = z.object({
  status: z.enum(MESSAGE_FLAG_STATUSES, { error: ADMIN_MESSAGES.flagStatusInvalid }).optional(),
  ...pageQuery(50, 200),
});
export const messageFlagListSchema = z.object({ flags: z.array(messageFlagSchema), total: z.number().int() });
export type MessageFlagList = z.infer<typeof messageFlagListSchema>;

/** PUT /api/admin/message-flags/{id}/status */
export const flagStatusUpdateSchema = z.object({
  status: z.enum(MESSAGE_FLAG_STATUSES, { error: ADMIN_MESSAGES.flagStatusInvalid }),
  reviewNotes: z
    .string()
    .trim()
    .max(2000, ADMIN_MESSAGES.notesTooLong)
    .nullish()
    .transform((notes) => notes || null),
});
export type FlagStatusUpdate = z.infer<typeof flagStatusUpdateSchema>;

const bulkMessageIds = z
  .array(z.uuid({ error: ADMIN_MESSAGES.messageNotFound }), { error: ADMIN_MESSAGES.noMessagesSelected })
  .min(1, ADMIN_MESSAGES.noMessagesSelected)
  .max(500, ADMIN_MESSAGES.tooManyMessages)
  .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]);
const bulkReason = z
  .string({ error: ADMIN_MESSAGES.reasonRequired })
  .trim()
  .min(1, ADMIN_MESSAGES.reasonRequired)
  .max(1000, ADMIN_MESSAGES.reasonTooLong);

/** POST /api/admin/messages/bulk-delete */
export const bulkDeleteSchema = z.object({ messageIds: bulkMessageIds, reason: bulkReason });
export type BulkDelete = z.infer<typeof bulkDeleteSchema>;
/** Which of the messages were deleted (already deleted or unknown ones are skipped). */
export const bulkDeleteResultSchema = z.object({ deleted: z.array(z.string()), count: z.number().int() });
export type BulkDeleteResult = z.infer<typeof bulkDeleteResultSchema>;

/** POST /api/admin/messages/bulk-flag (priority 1 by default, 1 to 5). */
export const bulkFlagSchema = z.object({
  messageIds: bulkMessageIds,
  reason: bulkReason,
  priority: z.coerce
    .number({ error: ADMIN_MESSAGES.priorityInvalid })
    .int(ADMIN_MESSAGES.priorityInvalid)
    .min(1, ADMIN_MESSAGES.priorityInvalid)
    .max(5, ADMIN_MESSAGES.priorityInvalid)
    .default(1),
});
export type BulkFlag = z.infer<typeof bulkFlagSchema>;
export const bulkFlagResultSchema = z.object({ flags: z.array(messageFlagSchema), count: z.number().int() });
export type BulkFlagResult = z.infer<typeof bulkFlagResultSchema>;

/**
 * The audit log's filters: action type, actor (adminId), target member, and a date range (from and
 * to, both inclusive, ISO 8601). The list pages them; the CSV export takes the same filters.
 */
export const auditLogFilterSchema = z
  .object({
    actionType: z
      .union([z.literal('all'), z.enum(ADMIN_ACTION_TYPES)], { error: ADMIN_MESSAGES.actionTypeInvalid })
      .optional()
      .transform((type) => (type === 'all' ? undefined : type)),
    adminId: z
      .union([z.literal('all'), z.uuid({ error: ADMIN_MESSAGES.adminIdInvalid })], {
        error: ADMIN_MESSAGES.adminIdInvalid,
      })
      .optional()
      .transform((id) => (id === 'all' ? undefined : id?.toLowerCase())),
    targetUserId: z
      .uuid({ error: ADMIN_MESSAGES.targetUserInvalid })
      .optional()
      .transform((id) => id?.toLowerCase()),
    from: auditDate,
    to: auditDate,
  })
  .refine((filter) => !filter.from || !filter.to || filter.from <= filter.to, {
    message: ADMIN_MESSAGES.auditDateRangeInvalid,
    path: ['from'],
  });
export type AuditLogFilter = z.infer<typeof auditLogFilterSchema>;

/** GET /api/admin/audit-logs?actionType&adminId&targetUserId&from&to&limit&offset: newest first. */
export const auditLogQuerySchema = z.intersection(auditLogFilterSchema, z.object(pageQuery(50, 200)));
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;
/** The most rows one CSV export holds (newest first); narrow the filters for older ones. */
export const AUDIT_EXPORT_MAX_ROWS = 10_000;

/** Audit log entry, plus the targets and outcome of admin_audit_logs. */
export const auditLogEntrySchema = z.object({
  id: z.string(),
  actionType: z.enum(ADMIN_ACTION_TYPES),
  adminId: z.string(),
  adminName: z.string(),
  description: z.string(),
  details: z.record(z.string(), z.unknown()).nullable(),
  targetUserId: z.string().nullable(),
  targetUserName: z.string().nullable(),
  targetMessageId: z.string().nullable(),
  targetReportId: z.string().nullable(),
  targetFlagId: z.string().nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  success: z.boolean(),
  createdAt: z.string(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;
export const auditLogListSchema = z.object({ logs: z.array(auditLogEntrySchema), total: z.number().int() });
export type AuditLogList = z.infer<typeof auditLogListSchema>;

// ---------------------------------------------------------------------------------------------
// The review queue: DM reports and forum post reports, one item per reported piece of content.

/** The report resolution values: what a review did; a dismissal records none. */
export const REVIEW_OUTCOMES = ['delete', 'warn', 'suspend', 'ban'] as const;
export type ReviewOutcome = (typeof REVIEW_OUTCOMES)[number];
export const REVIEW_KINDS = ['dm_report', 'post_report'] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];

/** GET /api/admin/review-queue?kind&status&sort&limit&offset */
export const reviewQueueQuerySchema = z.object({
  kind: z.enum(['all', ...REVIEW_KINDS]).default('all'),
  status: z.enum(REPORT_STATUS_FILTERS).default('open'),
  sort: z.enum(['newest', 'most_reported']).default('newest'),
  ...pageQuery(20, 100),
});
export type ReviewQueueQuery = z.input<typeof reviewQueueQuerySchema>;

export const reviewReportSchema = z.object({
  id: z.string(),
  reporterId: z.string(),
  reporterName: z.string(),
  reportType: z.enum(REPORT_TYPES),
  reportReason: z.string().nullable(),
  createdAt: z.string(),
});
/** The message and the ones around it in the same conversation, or the discussion the post is in. */
export const reviewContextSchema = z.object({
  messages: z
    .array(
      z.object({
        id: z.string(),
        senderName: z.string(),
        content: z.string(),
        sentAt: z.string(),
        isReported: z.boolean(),
      }),
    )
    .nullable(),
  discussion: z.object({ id: z.string(), title: z.string(), replyId: z.string().nullable() }).nullable(),
});
export const reviewItemSchema = z.object({
  kind: z.enum(REVIEW_KINDS),
  /** The reported message, reply or discussion. */
  targetId: z.string(),
  authorId: z.string(),
  authorName: z.string(),
  content: z.string(),
  context: reviewContextSchema,
  reports: z.array(reviewReportSchema),
  reportCount: z.number().int(),
  latestReportAt: z.string(),
  isResolved: z.boolean(),
  outcome: z.enum(REVIEW_OUTCOMES).nullable(),
  resolution: z.string().nullable(),
  /** The audit log's latest entries about the author (earlier actions on the same member). */
  earlierActions: z.array(
    z.object({ actionType: z.enum(ADMIN_ACTION_TYPES), description: z.string(), createdAt: z.string() }),
  ),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;
export const reviewQueueSchema = z.object({ items: z.array(reviewItemSchema), total: z.number().int() });
export type ReviewQueue = z.infer<typeof reviewQueueSchema>;

/**
 * POST /api/admin/review-queue/resolve: closes every open report of the item with the outcome
 * ('dismiss' records none) and notes, and carries out its consequence first: 'delete' deletes the
 * message (dm) or the post (forum), 'suspend' suspends the author until `until` and 'ban'
 * deactivates them (auth).
 */
export const reviewResolveSchema = z
  .object({
    kind: z.enum(REVIEW_KINDS, { error: ADMIN_MESSAGES.reviewItemNotFound }),
    targetId: z.uuid({ error: ADMIN_MESSAGES.reviewItemNotFound }).transform((id) => id.toLowerCase()),
    outcome: z.enum(['dismiss', ...REVIEW_OUTCOMES], { error: ADMIN_MESSAGES.outcomeInvalid }),
    /** null when empty: the service records 'No resolution notes provided', and a warning needs its text. */
    notes: z
      .string()
      .trim()
      .max(2000, ADMIN_MESSAGES.notesTooLong)
      .nullish()
      .transform((notes) => notes || null),
    /** When a suspension ends (ISO 8601, in the future, at most a year on); only for 'suspend'. */
    until: z.iso.datetime({ offset: true, error: ADMIN_MESSAGES.suspensionEndRequired }).optional(),
  })
  .refine((body) => body.outcome !== 'suspend' || isSuspensionEnd(body.until), {
    message: ADMIN_MESSAGES.suspensionEndRequired,
    path: ['until'],
  });

const YEAR_MS = 366 * 86_400_000;
function isSuspensionEnd(until: string | undefined): boolean {
  if (!until) return false;
  const ms = new Date(until).getTime() - Date.now();
  return ms > 0 && ms <= YEAR_MS;
}
export type ReviewResolve = z.input<typeof reviewResolveSchema>;

// ---------------------------------------------------------------------------------------------
// The console's user view: beside the account (auth's GET /api/admin/users/{id}), what this
// service knows of the member.

/** A report of something the member wrote (a direct message or a forum post). */
export const memberReportSchema = reviewReportSchema.extend({
  kind: z.enum(REVIEW_KINDS),
  /** The reported message, reply or discussion. */
  targetId: z.string(),
  content: z.string(),
  isResolved: z.boolean(),
  outcome: z.enum(REVIEW_OUTCOMES).nullable(),
  resolution: z.string().nullable(),
});
export type MemberReport = z.infer<typeof memberReportSchema>;
/**
 * GET /api/admin/members/{id}/activity: the audit entries where the member acted and where they
 * were the target (each the newest 20, with totals), the reports against them (newest 20 of each
 * kind), and how many direct messages they sent and when last.
 */
export const memberActivitySchema = z.object({
  userId: z.string(),
  name: z.string(),
  messagesSent: z.number().int(),
  lastMessageAt: z.string().nullable(),
  actionsBy: auditLogListSchema,
  actionsOn: auditLogListSchema,
  reportsAgainst: z.object({ reports: z.array(memberReportSchema), total: z.number().int() }),
});
export type MemberActivity = z.infer<typeof memberActivitySchema>;
/** How many of each list the user view shows. */
export const MEMBER_ACTIVITY_LIMIT = 20;

// ---------------------------------------------------------------------------------------------
// A review's consequences, asked of their owners over request-reply (RPC.authAdminSuspend,
// RPC.authAdminDeactivate, RPC.forumAdminDeletePost). Each owner checks the admin rule itself and
// audits the action with the admin's IP, user agent and session as passed here; the answer is a
// `DmRpcAnswer` (its HTTP meaning travels with it).

const rpcId = z.uuid().transform((id) => id.toLowerCase());
const consequenceReason = z.string().trim().min(1, ADMIN_MESSAGES.reasonRequired).max(2000);

export const adminSuspendRequestSchema = z.object({
  adminId: rpcId,
  actor: dmAdminActorSchema,
  userId: rpcId,
  until: z.iso.datetime({ offset: true }).transform((until) => new Date(until)),
  reason: consequenceReason,
});
export type AdminSuspendRequest = z.input<typeof adminSuspendRequestSchema>;
export const adminDeactivateRequestSchema = z.object({ adminId: rpcId, actor: dmAdminActorSchema, userId: rpcId });
export type AdminDeactivateRequest = z.input<typeof adminDeactivateRequestSchema>;
/** A discussion (replyId null) or one of its replies, deleted by a moderator with the reason its author is told. */
export const adminDeletePostRequestSchema = z.object({
  adminId: rpcId,
  actor: dmAdminActorSchema,
  discussionId: rpcId,
  replyId: rpcId.nullable(),
  reason: consequenceReason,
});
export type AdminDeletePostRequest = z.input<typeof adminDeletePostRequestSchema>;
