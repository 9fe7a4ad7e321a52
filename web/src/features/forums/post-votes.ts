import type { PostVoteType, PostVotes } from '@crucible/proto';

/** A post's counts once the viewer's vote becomes `next` (null withdraws it): the optimistic update of a vote. */
export function votesAfter(votes: PostVotes, next: PostVoteType | null): PostVotes {
  const count = (type: PostVoteType) => (next === type ? 1 : 0) - (votes.myVote === type ? 1 : 0);
  return { upvotes: votes.upvotes + count('up'), downvotes: votes.downvotes + count('down'), myVote: next };
}

/** A post's vote fields alone. */
export const votesOf = ({ upvotes, downvotes, myVote }: PostVotes): PostVotes => ({ upvotes, downvotes, myVote });
