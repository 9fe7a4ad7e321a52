import {
  DM_MESSAGES,
  RPC,
  SUBJECTS,
  dmMessageCreatedPayloadSchema,
  dmMessageDeletedPayloadSchema,
  dmMessageEditedPayloadSchema,
  postReportedPayloadSchema,
  type EventEnvelope,
} from '@crucible/proto';
import { NotFoundError, subscribeIdempotent, type Subscription } from '@crucible/platform';
import { reviewQueueRepository } from '../repositories/review-queue.ts';
import { snapshotRepository } from '../repositories/snapshots.ts';
import { ADMIN_SCHEMA, type AdminContext, type Tx } from './context.ts';

async function applyMessageEvent(ctx: AdminContext, event: EventEnvelope, tx: Tx): Promise<void> {
  if (event.subject === SUBJECTS.forumPostReported) {
    const parsed = postReportedPayloadSchema.safeParse(event.payload);
    if (parsed.success) await reviewQueueRepository.savePostReport(tx, parsed.data);
    else ctx.logger.warn({ eventId: event.id, issues: parsed.error.issues }, 'skipped a malformed post report');
    return;
  }
  if (event.subject === SUBJECTS.dmMessageCreated) {
    const parsed = dmMessageCreatedPayloadSchema.safeParse(event.payload);
    if (parsed.success) await snapshotRepository.save(tx, parsed.data);
    else ctx.logger.warn({ eventId: event.id, issues: parsed.error.issues }, 'skipped a malformed message event');
    return;
  }
  if (event.subject === SUBJECTS.dmMessageEdited) {
    // A report keeps the text it was made about: only a message nobody reported takes the new text.
    const parsed = dmMessageEditedPayloadSchema.safeParse(event.payload);
    if (parsed.success) await snapshotRepository.applyEdit(tx, parsed.data.id, parsed.data.content);
    else ctx.logger.warn({ eventId: event.id, issues: parsed.error.issues }, 'skipped a malformed message event');
    return;
  }
  const parsed = dmMessageDeletedPayloadSchema.safeParse(event.payload);
  if (parsed.success) {
    const byAdmin = parsed.data.deletedBy === 'admin';
    await snapshotRepository.markDeleted(tx, parsed.data.id, new Date(event.occurredAt), byAdmin, parsed.data.reason);
  } else ctx.logger.warn({ eventId: event.id, issues: parsed.error.issues }, 'skipped a malformed message event');
}

/**
 * Keeps what a report needs of each direct message (content, sender, recipient) from dm's events,
 * and forum's post reports (with what the post said) for the review queue.
 */
export function keepMessageSnapshots(ctx: AdminContext, durable: string): Promise<Subscription> {
  return subscribeIdempotent({
    bus: ctx.bus,
    durable,
    subjects: [
      SUBJECTS.dmMessageCreated,
      SUBJECTS.dmMessageEdited,
      SUBJECTS.dmMessageDeleted,
      SUBJECTS.forumPostReported,
    ],
    schema: ADMIN_SCHEMA,
    runInTransaction: <T>(work: (tx: Tx) => Promise<T>) => ctx.prisma.$transaction(work),
    handler: (event, tx) => applyMessageEvent(ctx, event, tx),
  });
}

/**
 * The message as the admin service knows it; one whose event has not arrived yet is asked of dm,
 * so a member reporting a message seconds after it came never meets a false 'not found'.
 */
export async function findMessage(ctx: AdminContext, messageId: string) {
  const known = await snapshotRepository.find(ctx.prisma, messageId);
  if (known) return known;
  const answer = await ctx.bus.request(
    RPC.dmMessageSnapshot,
    { messageId },
    { timeoutMs: ctx.config.DM_REQUEST_TIMEOUT_MS },
  );
  if (!answer.ok) throw new NotFoundError(DM_MESSAGES.messageNotFound);
  await snapshotRepository.save(ctx.prisma, answer.value);
  return (await snapshotRepository.find(ctx.prisma, messageId))!;
}
