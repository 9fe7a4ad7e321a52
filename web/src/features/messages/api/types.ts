/** The direct-message answers this page relies on are dm's contract (proto/src/dm.ts); names kept for the page. */
import type { ConversationUser, MessageReportCreate, Quota } from '@crucible/proto';

export type {
  BlockedMember,
  ConversationSummary,
  ConversationUsage,
  DirectMessage,
  MessagePage,
  ReportType,
  SendMessageRequest,
} from '@crucible/proto';
export { REPORT_TYPES } from '@crucible/proto';

export type ConversationMember = ConversationUser;
export type MessageQuota = Quota;
export type MessageReportRequest = Pick<MessageReportCreate, 'messageId' | 'reportType'> & { reportReason?: string };
