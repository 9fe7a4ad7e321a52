/**
 * Up- and down-votes on discussions and replies against the real service: casting, changing and
 * withdrawing, exact counts under concurrent voters, who may vote, the viewer's own vote on pages
 * that are cached for everyone, forum.vote.cast once per change, and a deleted member's votes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FORUM_MESSAGES,
  SUBJECTS,
  forumRoutes as routes,
  type PostVoteType,
  type PostVotes,
  type Reply,
  type VoteCastPayload,
} from '@crucible/proto';
import { newEvent } from '@crucible/platform';
import { startForumHarness, uniqueTag, type ForumHarness, type Member } from './testing/forum-harness.ts';

let forum: ForumHarness;
let author: Member;
let voter: Member;
let bystander: Member;

beforeAll(async () => {
  forum = await startForumHarness();
  [author, voter, bystander] = await Promise.all([
    forum.member('Journeyman', { firstName: 'Kwame' }),
    forum.member('Journeyman'),
    forum.member('Master'),
  ]);
});

afterAll(async () => {
  await forum?.stop();
});

async function discussionWithReply() {
  const discussion = await forum.call(routes.createDiscussion, {
    token: author.token,
    body: { title: `Votes ${uniqueTag()}`, content: 'Worth a vote?', category: 'Journeyman' },
  });
  const reply = await forum.call(routes.createReply, {
    token: author.token,
    params: { id: discussion.id },
    body: { content: 'A reply worth a vote' },
  });
  return { discussion, reply };
}

const discussionVotePath = (discussionId: string) => `/api/discussions/${discussionId}/vote`;
const replyVotePath = (discussionId: string, replyId: string) =>
  `/api/discussions/${discussionId}/replies/${replyId}/vote`;

const castVote = (member: Member, path: string, voteType: PostVoteType | null) =>
  forum.call<PostVotes>(path, { token: member.token, method: 'PUT', json: { voteType } });

/** The first page of replies: the page the cache keeps for everyone. */
async function replyAsSeenBy(member: Member, discussionId: string, replyId: string): Promise<Reply> {
  const replies = await forum.call(routes.listReplies, { token: member.token, params: { id: discussionId } });
  return replies.find((reply) => reply.id === replyId)!;
}

const votesOf = (post: { upvotes: number; downvotes: number; myVote: PostVoteType | null }) => ({
  upvotes: post.upvotes,
  downvotes: post.downvotes,
  myVote: post.myVote,
});

describe('voting on a reply', () => {
  it('casts an upvote, changes it to a downvote and withdraws it, each shown on the cached page to the voter only', async () => {
    const { discussion, reply } = await discussionWithReply();
    const path = replyVotePath(discussion.id, reply.id);
    // Built before the votes: the cached first page must not keep the old counts.
    expect(votesOf(await replyAsSeenBy(bystander, discussion.id, reply.id))).toEqual({
      upvotes: 0,
      downvotes: 0,
      myVote: null,
    });

    expect(await castVote(voter, path, 'up')).toEqual({ upvotes: 1, downvotes: 0, myVote: 'up' });
    expect(votesOf(await replyAsSeenBy(voter, discussion.id, reply.id))).toEqual({
      upvotes: 1,
      downvotes: 0,
      myVote: 'up',
    });
    expect(votesOf(await replyAsSeenBy(bystander, discussion.id, reply.id))).toEqual({
      upvotes: 1,
      downvotes: 0,
      myVote: null,
    });

    expect(await castVote(voter, path, 'down')).toEqual({ upvotes: 0, downvotes: 1, myVote: 'down' });
    expect(votesOf(await replyAsSeenBy(voter, discussion.id, reply.id))).toMatchObject({
      downvotes: 1,
      myVote: 'down',
    });

    expect(await castVote(voter, path, null)).toEqual({ upvotes: 0, downvotes: 0, myVote: null });
    expect(votesOf(await replyAsSeenBy(voter, discussion.id, reply.id))).toEqual({
      upvotes: 0,
      downvotes: 0,
      myVote: null,
    });
    expect(await forum.sql(`SELECT 1 FROM votes WHERE reply_id = $1`, [reply.id])).toEqual([]);
  });

  it('refuses a vote on one’s own reply and on one’s own discussion with 403 and the reason', async () => {
    const { discussion, reply } = await discussionWithReply();
    for (const path of [replyVotePath(discussion.id, reply.id), discussionVotePath(discussion.id)]) {
      const response = await forum.request(path, { token: author.token, method: 'PUT', json: { voteType: 'up' } });
      expect(response.status, path).toBe(403);
      expect(await response.json()).toMatchObject({ message: FORUM_MESSAGES.ownPostVote });
    }
  });

  it('answers a hidden reply and a reply of another discussion with 404, and takes votes in a locked discussion', async () => {
    const admin = await forum.member('Admin');
    const { discussion, reply } = await discussionWithReply();
    const other = await discussionWithReply();
    const elsewhere = await forum.request(replyVotePath(other.discussion.id, reply.id), {
      token: voter.token,
      method: 'PUT',
      json: { voteType: 'up' },
    });
    expect(elsewhere.status).toBe(404);

    await forum.call(routes.updateDiscussion, {
      token: admin.token,
      params: { id: discussion.id },
      body: { isLocked: true },
    });
    expect(await castVote(voter, replyVotePath(discussion.id, reply.id), 'up')).toMatchObject({ upvotes: 1 });

    await forum.call(routes.updateReply, {
      token: admin.token,
      params: { id: discussion.id, replyId: reply.id },
      body: { isHidden: true },
    });
    const hidden = await forum.request(replyVotePath(discussion.id, reply.id), {
      token: voter.token,
      method: 'PUT',
      json: { voteType: 'down' },
    });
    expect(hidden.status).toBe(404);
    expect(await hidden.json()).toMatchObject({ message: FORUM_MESSAGES.replyNotFound });
  });
});

describe('voting on a discussion', () => {
  it('refuses a reader below the discussion’s level with the same 404 as a missing discussion', async () => {
    const { discussion, reply } = await discussionWithReply();
    const apprentice = await forum.member('Apprentice');
    const missing = await forum.request(discussionVotePath(crypto.randomUUID()), {
      token: apprentice.token,
      method: 'PUT',
      json: { voteType: 'up' },
    });
    for (const path of [discussionVotePath(discussion.id), replyVotePath(discussion.id, reply.id)]) {
      const above = await forum.request(path, { token: apprentice.token, method: 'PUT', json: { voteType: 'up' } });
      expect(above.status, path).toBe(404);
      expect(await above.json()).toEqual(await missing.clone().json());
    }
    expect(missing.status).toBe(404);
  });

  it('keeps the counts exact with 30 members voting at once, and when they all change their vote at once', async () => {
    const { discussion } = await discussionWithReply();
    const voters = await Promise.all(Array.from({ length: 30 }, () => forum.member('Journeyman')));
    const path = discussionVotePath(discussion.id);
    await Promise.all(voters.map((member, index) => castVote(member, path, index % 3 === 0 ? 'down' : 'up')));
    let detail = await forum.call(routes.getDiscussion, { token: bystander.token, params: { id: discussion.id } });
    expect(votesOf(detail)).toEqual({ upvotes: 20, downvotes: 10, myVote: null });

    await Promise.all(voters.map((member, index) => castVote(member, path, index % 3 === 0 ? 'up' : null)));
    detail = await forum.call(routes.getDiscussion, { token: voters[0]!.token, params: { id: discussion.id } });
    expect(votesOf(detail)).toEqual({ upvotes: 10, downvotes: 0, myVote: 'up' });
    const [row] = await forum.sql<{ votes: number }>(
      `SELECT count(*)::int AS votes FROM votes WHERE discussion_id = $1`,
      [discussion.id],
    );
    expect(row?.votes).toBe(10);
  });

  it('shows the new counts on the cached list page, with each viewer’s own vote', async () => {
    const topic = await forum.call(routes.createTopic, {
      token: (await forum.member('Admin')).token,
      body: { name: `Votes ${uniqueTag()}`, category: 'Journeyman' },
    });
    const discussion = await forum.call(routes.createDiscussion, {
      token: author.token,
      body: { title: 'Listed', content: 'Body', category: 'Journeyman', subcategoryId: topic.id },
    });
    const listed = async (member: Member) =>
      (await forum.call(routes.listDiscussions, { token: member.token, query: { subcategoryId: topic.id } })).find(
        (item) => item.id === discussion.id,
      )!;
    expect(votesOf(await listed(bystander))).toEqual({ upvotes: 0, downvotes: 0, myVote: null });

    await castVote(voter, discussionVotePath(discussion.id), 'up');
    expect(votesOf(await listed(voter))).toEqual({ upvotes: 1, downvotes: 0, myVote: 'up' });
    expect(votesOf(await listed(bystander))).toEqual({ upvotes: 1, downvotes: 0, myVote: null });
  });
});

describe('forum.vote.cast', () => {
  it('is emitted once per change with the vote before and after, and not for a repeated vote', async () => {
    const { discussion, reply } = await discussionWithReply();
    const events = await forum.collectEvents(
      [SUBJECTS.forumVoteCast],
      (event) => (event.payload as VoteCastPayload).replyId === reply.id,
    );
    try {
      const path = replyVotePath(discussion.id, reply.id);
      const steps: [PostVoteType | null, PostVoteType | null][] = [
        ['up', null],
        ['down', 'up'],
        [null, 'down'],
      ];
      for (const [next] of steps) await castVote(voter, path, next);
      // Withdrawing what is not there and repeating a vote change nothing.
      expect(await castVote(voter, path, null)).toEqual({ upvotes: 0, downvotes: 0, myVote: null });
      await castVote(voter, path, 'up');
      expect(await castVote(voter, path, 'up')).toEqual({ upvotes: 1, downvotes: 0, myVote: 'up' });
      // A last change marks the end: the relay sends in commit order, so an event of a repeat would
      // arrive before this one and break the sequence below.
      await castVote(voter, path, 'down');
      steps.push(['up', null], ['down', 'up']);

      const received = await events.waitUntil((all) => all.length >= steps.length);
      expect(
        received.map((event) => {
          const payload = event.payload as VoteCastPayload;
          return [payload.voteType, payload.previousVoteType];
        }),
      ).toEqual(steps);
      expect(received[0]!.payload).toMatchObject({
        voterId: voter.id,
        authorId: author.id,
        discussionId: null,
        replyId: reply.id,
      });
    } finally {
      await events.stop();
    }
  });
});

describe('a deleted member', () => {
  it('takes their votes off the counters and announces each as withdrawn', async () => {
    const { discussion, reply } = await discussionWithReply();
    const leaving = await forum.member('Journeyman');
    await castVote(leaving, discussionVotePath(discussion.id), 'down');
    await castVote(leaving, replyVotePath(discussion.id, reply.id), 'up');
    await castVote(voter, replyVotePath(discussion.id, reply.id), 'up');
    const events = await forum.collectEvents([SUBJECTS.forumVoteCast], (event) => {
      const payload = event.payload as VoteCastPayload;
      return payload.voterId === leaving.id && payload.voteType === null;
    });
    try {
      await forum.bus.publish(newEvent(SUBJECTS.userDeleted, { id: leaving.id }));
      const withdrawn = await events.waitUntil((all) => all.length >= 2);
      expect(
        withdrawn
          .map((event) => event.payload as VoteCastPayload)
          .map(({ discussionId, replyId, previousVoteType, authorId }) => ({
            discussionId,
            replyId,
            previousVoteType,
            authorId,
          }))
          .sort((a, b) => String(a.replyId).localeCompare(String(b.replyId))),
      ).toEqual(
        [
          { discussionId: discussion.id, replyId: null, previousVoteType: 'down', authorId: author.id },
          { discussionId: null, replyId: reply.id, previousVoteType: 'up', authorId: author.id },
        ].sort((a, b) => String(a.replyId).localeCompare(String(b.replyId))),
      );
    } finally {
      await events.stop();
    }
    const detail = await forum.call(routes.getDiscussion, { token: bystander.token, params: { id: discussion.id } });
    expect(votesOf(detail)).toMatchObject({ upvotes: 0, downvotes: 0 });
    expect(votesOf(await replyAsSeenBy(voter, discussion.id, reply.id))).toEqual({
      upvotes: 1,
      downvotes: 0,
      myVote: 'up',
    });
  });
});
