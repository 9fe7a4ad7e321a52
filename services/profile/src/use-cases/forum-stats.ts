import { SUBJECTS, type EventOf } from '@crucible/proto';
import { subscribeIdempotent, type SqlExecutor, type Subscription } from '@crucible/platform';
import type { Db } from '../repositories/db.ts';
import { stats } from '../repositories/stats.ts';
import { PROFILE_SCHEMA, type ProfileContext } from './context.ts';

const FORUM_SUBJECTS = [SUBJECTS.forumDiscussionCreated, SUBJECTS.forumReplyCreated];

/** One forum act counted once: the idempotent consumer records the event id in the same transaction. */
async function countForumEvent(event: EventOf<(typeof FORUM_SUBJECTS)[number]>, tx: Db): Promise<void> {
  const at = new Date(event.payload.createdAt);
  if (event.subject === SUBJECTS.forumDiscussionCreated)
    await stats.increment(tx, event.payload.authorId, 'discussions_created', at);
  else await stats.increment(tx, event.payload.authorId, 'replies_posted', at);
}

/** Keeps user_stats from the forum's events; a redelivered event is skipped, never counted twice. */
export function countForumActivity(ctx: ProfileContext, durable: string): Promise<Subscription> {
  return subscribeIdempotent({
    bus: ctx.bus,
    durable,
    subjects: FORUM_SUBJECTS,
    schema: PROFILE_SCHEMA,
    logger: ctx.logger,
    runInTransaction: (work) => ctx.prisma.$transaction((tx) => work(tx as unknown as SqlExecutor)),
    handler: (event, tx) => countForumEvent(event, tx as unknown as Db),
  });
}
