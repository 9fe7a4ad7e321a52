import { describe, expect, it } from 'vitest';
import { votesAfter } from './post-votes.ts';

describe('votesAfter', () => {
  it('adds a new vote, moves a changed one and takes back a withdrawn one', () => {
    expect(votesAfter({ upvotes: 2, downvotes: 1, myVote: null }, 'up')).toEqual({
      upvotes: 3,
      downvotes: 1,
      myVote: 'up',
    });
    expect(votesAfter({ upvotes: 3, downvotes: 1, myVote: 'up' }, 'down')).toEqual({
      upvotes: 2,
      downvotes: 2,
      myVote: 'down',
    });
    expect(votesAfter({ upvotes: 2, downvotes: 2, myVote: 'down' }, null)).toEqual({
      upvotes: 2,
      downvotes: 1,
      myVote: null,
    });
    expect(votesAfter({ upvotes: 1, downvotes: 0, myVote: 'up' }, 'up')).toEqual({
      upvotes: 1,
      downvotes: 0,
      myVote: 'up',
    });
  });
});
