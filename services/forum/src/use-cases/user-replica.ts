import { SUBJECTS, userDeletedPayloadSchema, userEventPayloadSchema, type EventEnvelope } from '@crucible/proto';
import { subscribeIdempotent, type EventBus, type SqlExecutor, type Subscription } from '@crucible/platform';
import { userReplica } from '../repositories/users.ts';
import { FORUM_SCHEMA, type ForumContext, type Tx } from './context.ts';

/** Applies one auth.user.* event to the replica; a payload that does not parse is logged and skipped. */
async function applyUserEvent(ctx: ForumContext, event: EventEnvelope, tx: Tx): Promise<void> {
  if (event.subject === SUBJECTS.userDeleted) {
    const parsed = userDeletedPayloadSchema.safeParse(event.payload);
    if (parsed.success) await userReplica.delete(tx, parsed.data.id);
    else ctx.logger.warn({ eventId: event.id, issues: parsed.error.issues }, 'skipped a malformed user event');
    return;
  }
  const parsed = userEventPayloadSchema.safeParse(event.payload);
  if (parsed.success) await userReplica.upsert(tx, parsed.data);
  else ctx.logger.warn({ eventId: event.id, issues: parsed.error.issues }, 'skipped a malformed user event');
}

/** Keeps the users replica (names and levels of authors, watchers, mentioned members) from auth's events. */
export function replicateUsers(ctx: ForumContext, bus: EventBus, durable: string): Promise<Subscription> {
  return subscribeIdempotent({
    bus,
    durable,
    subjects: [SUBJECTS.userCreated, SUBJECTS.userUpdated, SUBJECTS.userDeleted],
    schema: FORUM_SCHEMA,
    runInTransaction: (work) => ctx.prisma.$transaction((tx) => work(tx as unknown as SqlExecutor)),
    handler: (event, tx) => applyUserEvent(ctx, event, tx as unknown as Tx),
  });
}
