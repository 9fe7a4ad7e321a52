import {
  ADMIN_MESSAGES,
  SCHEMA_TYPE_OF_REPORT,
  SUBJECTS,
  type MessageReport,
  type MessageReportCreate,
} from '@crucible/proto';
import { ConflictError, ForbiddenError, NotFoundError, isUniqueViolation, type Caller } from '@crucible/platform';
import { reportRepository } from '../repositories/reports.ts';
import { inTransaction, type AdminContext } from './context.ts';
import { findMessage } from './message-snapshots.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A member reports a direct message they received: only a participant of its conversation may,
 * and not its sender; a message of someone else's conversation is as unknown as a missing one.
 */
export async function reportMessage(
  ctx: AdminContext,
  reporter: Caller,
  request: MessageReportCreate,
): Promise<MessageReport> {
  const reporterId = reporter.userId;
  if (!UUID.test(request.messageId)) throw new NotFoundError(ADMIN_MESSAGES.messageNotFound);
  const message = await findMessage(ctx, request.messageId.toLowerCase());
  if (message.senderId === reporterId) throw new ForbiddenError(ADMIN_MESSAGES.notYourOwnMessage);
  if (message.recipientId !== reporterId) throw new NotFoundError(ADMIN_MESSAGES.messageNotFound);
  try {
    return await inTransaction(ctx, async (tx, emit) => {
      const report = await reportRepository.create(tx, {
        messageId: message.messageId,
        reporterId,
        reportType: request.reportType,
        schemaReportType: SCHEMA_TYPE_OF_REPORT[request.reportType],
        description: request.reportReason,
      });
      await emit(SUBJECTS.adminReportCreated, { ...report, senderId: message.senderId });
      return report;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(ADMIN_MESSAGES.alreadyReported);
    throw error;
  }
}
