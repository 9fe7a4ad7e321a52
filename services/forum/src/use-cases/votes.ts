import { FORUM_MESSAGES, SUBJECTS, type PostVoteType, type PostVotes, type VoteCastPayload } from '@crucible/proto';
import {
  ForbiddenError,
  NotFoundError,
  enqueueEvent,
  newEvent,
  type SqlExecutor,
  type Caller,
} from '@crucible/platform';
import { discussionWrites } from '../repositories/discussions.ts';
import { sqlInTransaction, sqlOnPool } from '../repositories/sql.ts';
import {
  voteReads,
  voteWrites,
  type VotedPost,
  type VotedPostKind,
  type WithdrawnVote,
} from '../repositories/votes.ts';
import { FORUM_SCHEMA, inTransaction, type Emit, type ForumContext, type Tx } from './context.ts';
import { accessTo, visibleDiscussion } from './discussion-access.ts';
import { forgetPagesOf, forgetRepliesPage } from './first-pages.ts';

/**
 * Up- and down-votes on discussions and replies (Reddit-style; one vote per member per post).
 * Who may vote: whoever may read the post (the same 404s as reading: level, hidden, missing), never
 * on their own post. A locked discussion still takes votes: the lock ends the conversation, not
 * the reading or the judging of what was said.
 *
 * Votes on one post are applied one at a time under the post's row lock; the vote row, the post's
 * counters and the forum.vote.cast event are committed together, and a vote that changes nothing
 * writes and emits nothing.
 */
async function applyVote(
  tx: Tx,
  emit: Emit,
  vote: { voter: Caller; authorId: string; post: VotedPost; next: PostVoteType | null },
): Promise<PostVotes> {
  const { voter, post, next } = vote;
  if (vote.authorId === voter.userId) throw new ForbiddenError(FORUM_MESSAGES.ownPostVote);
  const previous = await voteWrites.voteOf(tx, voter.userId, post);
  if (previous === next) return { ...(await voteWrites.counts(tx, post)), myVote: next };
  const counts = await voteWrites.change(tx, voter.userId, post, previous, next);
  const payload: VoteCastPayload = {
    voterId: voter.userId,
    authorId: vote.authorId,
    discussionId: post.kind === 'discussion' ? post.id : null,
    replyId: post.kind === 'reply' ? post.id : null,
    voteType: next,
    previousVoteType: previous,
    castAt: new Date().toISOString(),
  };
  await emit(SUBJECTS.forumVoteCast, payload);
  return { ...counts, myVote: next };
}

export async function voteOnDiscussion(
  ctx: ForumContext,
  viewer: Caller,
  discussionId: string,
  voteType: PostVoteType | null,
): Promise<PostVotes> {
  const { place, votes } = await inTransaction(ctx, async (tx, emit) => {
    const access = await accessTo(ctx, viewer, await discussionWrites.lockPlace(sqlInTransaction(tx), discussionId));
    const post: VotedPost = { kind: 'discussion', id: discussionId };
    const result = await applyVote(tx, emit, { voter: viewer, authorId: access.place.authorId, post, next: voteType });
    return { place: access.place, votes: result };
  });
  // The discussion's counts show in its lists.
  await forgetPagesOf(ctx, place);
  return votes;
}

export async function voteOnReply(
  ctx: ForumContext,
  viewer: Caller,
  discussionId: string,
  replyId: string,
  voteType: PostVoteType | null,
): Promise<PostVotes> {
  const access = await visibleDiscussion(ctx, viewer, discussionId);
  const votes = await inTransaction(ctx, async (tx, emit) => {
    const reply = await voteWrites.lockReply(tx, replyId);
    if (!reply || reply.discussionId !== discussionId) throw new NotFoundError(FORUM_MESSAGES.replyNotFound);
    // A hidden reply is read (and so voted on) only by its moderators; its author meets the 403 below.
    if (!reply.isApproved && reply.authorId !== viewer.userId && !(await access.canModerate()))
      throw new NotFoundError(FORUM_MESSAGES.replyNotFound);
    const post: VotedPost = { kind: 'reply', id: replyId };
    return applyVote(tx, emit, { voter: viewer, authorId: reply.authorId, post, next: voteType });
  });
  await forgetRepliesPage(ctx, discussionId);
  return votes;
}

/**
 * Posts with the viewer's own vote on each. Cached pages hold counts only (the same for every
 * viewer); the vote is read for the viewer on every request.
 */
export async function withMyVotes<Item extends { id: string; myVote: PostVoteType | null }>(
  ctx: ForumContext,
  viewer: Caller,
  kind: VotedPostKind,
  items: Item[],
): Promise<Item[]> {
  const mine = await voteReads.mineOn(
    sqlOnPool(ctx.pool),
    viewer.userId,
    kind,
    items.map((item) => item.id),
  );
  return items.map((item) => ({ ...item, myVote: mine.get(item.id) ?? null }));
}

/**
 * A deleted member's votes leave with them (member-purge.ts takes them off the counters); each is
 * announced as withdrawn in the purge's transaction, so the authors' upvotes received follow.
 */
export async function announceWithdrawnVotes(tx: Tx, voterId: string, withdrawn: WithdrawnVote[]): Promise<void> {
  const castAt = new Date().toISOString();
  for (const vote of withdrawn) {
    const payload: VoteCastPayload = {
      voterId,
      authorId: vote.authorId,
      discussionId: vote.discussionId,
      replyId: vote.replyId,
      voteType: null,
      previousVoteType: vote.voteType,
      castAt,
    };
    await enqueueEvent(tx as SqlExecutor, FORUM_SCHEMA, newEvent(SUBJECTS.forumVoteCast, payload));
  }
}
