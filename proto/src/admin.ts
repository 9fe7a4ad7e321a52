import { z } from 'zod';

/** Exact texts of spec 2 section 5 and spec 3 section 5, plus the server's own refusals. */
export const ADMIN_MESSAGES = {
  reportTypeRequired: 'Please select a report type',
  reportSubmitted: 'Report submitted successfully',
  reportFailed: 'Error submitting report',
  messageRequired: 'A message to report is required',
  messageNotFound: 'Message not found',
  notYourOwnMessage: 'You cannot report your own message',
  alreadyReported: 'You have already reported this message',
  reasonTooLong: 'The reason must be 2,000 characters or less',
} as const;

/** The six types the report dialog offers (spec 2 section 5), which the server accepts and stores. */
export const REPORT_TYPES = ['spam', 'harassment', 'inappropriate_content', 'hate_speech', 'threat', 'other'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** The seven types of the data schema (spec 3 section 3), kept beside the dialog's for the console's filters. */
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
