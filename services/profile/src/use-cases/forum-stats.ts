import { SUBJECTS, type EventOf, type PostVoteType } from '@crucible/proto';
import { subscribeIdempotent, type Subscription } from '@crucible/platform';
import type { Db } from '../repositories/db.ts';
import { stats } from '../repositories/stats.ts';
import { PROFILE_SCHEMA, type ProfileContext } from './context.ts';

const FORUM_SUBJECTS = [SUBJECTS.forumDiscussionCreated, SUBJECTS.forumReplyCreated, SUBJECTS.forumVoteCast];

const counts = (voteType: PostVoteType | null, of: PostVoteType) => (voteType === of ? 1 : 0);

/** One forum act counted once: the idempotent consumer records the event id in the same transaction. */
async function countForumEvent(event: EventOf<(typeof FORUM_SUBJECTS)[number]>, tx: Db): Promise<void> {
  switch (event.subject) {
    case SUBJECTS.forumDiscussionCreated:
      await stats.increment(tx, event.payload.authorId, 'discussions_created', new Date(event.payload.createdAt));
      return;
    case SUBJECTS.forumReplyCreated:
      await stats.increment(tx, event.payload.authorId, 'replies_posted', new Date(event.payload.createdAt));
      return;
    case SUBJECTS.forumVoteCast: {
      // Upvotes received: the difference this vote made; one's own vote earns nothing.
      const { voterId, authorId, voteType, previousVoteType } = event.payload;
      if (voterId === authorId) return;
      const up = counts(voteType, 'up') - counts(previousVoteType, 'up');
      const down = counts(voteType, 'down') - counts(previousVoteType, 'down');
      if (up !== 0 || down !== 0) await stats.adjustVotes(tx, authorId, up, down);
    }
  }
}

/** Keeps user_stats from the forum's events; a redelivered event is skipped, never counted twice. */
export function countForumActivity(ctx: ProfileContext, durable: string): Promise<Subscription> {
  return subscribeIdempotent({
    bus: ctx.bus,
    durable,
    subjects: FORUM_SUBJECTS,
    schema: PROFILE_SCHEMA,
    logger: ctx.logger,
    runInTransaction: <T>(work: (tx: Db) => Promise<T>) => ctx.prisma.$transaction(work),
    handler: (event, tx) => countForumEvent(event, tx),
  });
}
