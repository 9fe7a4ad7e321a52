import { FORUM_MESSAGES, SUBJECTS, type Poll, type PollCreate, type PollVotedPayload } from '@crucible/proto';
import { ConflictError, ForbiddenError, NotFoundError, isUniqueViolation, type Caller } from '@crucible/platform';
import { pollReads, pollWrites } from '../repositories/polls.ts';
import { sqlOnPool } from '../repositories/sql.ts';
import { inTransaction, type ForumContext } from './context.ts';
import { requireAuthorOrModerator, visibleDiscussion } from './discussion-access.ts';
import { changedPayload, forgetPagesOf } from './first-pages.ts';

async function readPoll(ctx: ForumContext, viewer: Caller, discussionId: string): Promise<Poll> {
  const poll = await pollReads.ofDiscussion(sqlOnPool(ctx.pool), discussionId, viewer.userId);
  if (!poll) throw new NotFoundError(FORUM_MESSAGES.pollNotFound);
  return poll;
}

export async function getPoll(ctx: ForumContext, viewer: Caller, discussionId: string): Promise<Poll> {
  await visibleDiscussion(ctx, viewer, discussionId);
  return readPoll(ctx, viewer, discussionId);
}

/** The discussion's author (or a moderator) adds its one poll. */
export async function createPoll(
  ctx: ForumContext,
  viewer: Caller,
  discussionId: string,
  input: PollCreate,
): Promise<Poll> {
  const access = await visibleDiscussion(ctx, viewer, discussionId);
  await requireAuthorOrModerator(access);
  try {
    await inTransaction(ctx, async (tx, emit) => {
      await pollWrites.create(tx, discussionId, input);
      // Lists show whether a discussion has a poll.
      await emit(SUBJECTS.forumDiscussionUpdated, changedPayload(access.place));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(FORUM_MESSAGES.pollExists);
    throw error;
  }
  await forgetPagesOf(ctx, access.place);
  return readPoll(ctx, viewer, discussionId);
}

/** One vote per member; voting again moves it. Votes on a poll are applied one at a time. */
export async function vote(
  ctx: ForumContext,
  viewer: Caller,
  discussionId: string,
  chosenOptionId: string,
): Promise<Poll> {
  // Option ids are stored lower-cased; a client may send a UUID in capitals.
  const optionId = chosenOptionId.toLowerCase();
  const access = await visibleDiscussion(ctx, viewer, discussionId);
  if (access.place.isLocked && !(await access.canModerate())) throw new ForbiddenError(FORUM_MESSAGES.discussionLocked);
  await inTransaction(ctx, async (tx, emit) => {
    const poll = await pollWrites.lock(tx, discussionId);
    if (!poll) throw new NotFoundError(FORUM_MESSAGES.pollNotFound);
    if (poll.expiresAt && poll.expiresAt.getTime() <= Date.now()) throw new ForbiddenError(FORUM_MESSAGES.pollClosed);
    if ((await pollWrites.pollOfOption(tx, optionId)) !== poll.id)
      throw new NotFoundError(FORUM_MESSAGES.optionNotFound);
    const { previousOptionId } = await pollWrites.castVote(tx, {
      pollId: poll.id,
      optionId,
      userId: viewer.userId,
      ipAddress: viewer.meta.ipAddress,
    });
    if (previousOptionId === optionId) return;
    const totalVotes = await pollWrites.countVotes(tx, poll.id);
    const payload: PollVotedPayload = {
      pollId: poll.id,
      discussionId,
      userId: viewer.userId,
      optionId,
      previousOptionId,
      totalVotes,
    };
    await emit(SUBJECTS.forumPollVoted, payload);
  });
  return readPoll(ctx, viewer, discussionId);
}
