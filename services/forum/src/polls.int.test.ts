/** Polls against the real service: creation rules, one vote per member, exact counts under concurrent voting. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORUM_MESSAGES, SUBJECTS, forumRoutes as routes, type DiscussionDetail, type Poll } from '@crucible/proto';
import { startForumHarness, uniqueTag, type ForumHarness, type Member } from './testing/forum-harness.ts';

let forum: ForumHarness;
let author: Member;
let other: Member;

beforeAll(async () => {
  forum = await startForumHarness();
  author = await forum.member('Journeyman');
  other = await forum.member('Journeyman');
});

afterAll(async () => {
  await forum?.stop();
});

async function discussionWithPoll(options = ['Red', 'Green', 'Blue']): Promise<DiscussionDetail & { poll: Poll }> {
  const discussion = await forum.call(routes.createDiscussion, {
    token: author.token,
    body: {
      title: `Poll ${uniqueTag()}`,
      content: 'Vote!',
      category: 'Journeyman',
      includePoll: true,
      pollQuestion: 'Favourite?',
      pollOptions: options,
    },
  });
  return { ...discussion, poll: discussion.poll! };
}

const vote = (member: Member, discussionId: string, optionId: string) =>
  forum.call(routes.votePoll, { token: member.token, params: { id: discussionId }, body: { optionId } });

describe('creating polls', () => {
  it('needs at least 2 non-empty options', async () => {
    const discussion = await forum.call(routes.createDiscussion, {
      token: author.token,
      body: { title: 'T', content: 'C', category: 'Apprentice' },
    });
    const tooFew = await forum.request(`/api/discussions/${discussion.id}/poll`, {
      token: author.token,
      json: { question: 'Q?', options: ['Only', ' ', ''] },
    });
    expect(tooFew.status).toBe(400);
    expect(await tooFew.json()).toMatchObject({ message: FORUM_MESSAGES.pollMinOptions });
    const noQuestion = await forum.request(`/api/discussions/${discussion.id}/poll`, {
      token: author.token,
      json: { question: ' ', options: ['a', 'b'] },
    });
    expect(await noQuestion.json()).toMatchObject({ message: FORUM_MESSAGES.pollQuestionRequired });
  });

  it('lets only the discussion’s author add its one poll', async () => {
    const discussion = await forum.call(routes.createDiscussion, {
      token: author.token,
      body: { title: 'T', content: 'C', category: 'Apprentice' },
    });
    expect((await forum.request(`/api/discussions/${discussion.id}/poll`, { token: author.token })).status).toBe(404);
    expect(
      (
        await forum.request(`/api/discussions/${discussion.id}/poll`, {
          token: other.token,
          json: { question: 'Q?', options: ['a', 'b'] },
        })
      ).status,
    ).toBe(403);
    const poll = await forum.call(routes.createPoll, {
      token: author.token,
      params: { id: discussion.id },
      body: { question: 'Q?', options: ['a', ' ', 'b'] },
    });
    expect(poll).toMatchObject({
      question: 'Q?',
      totalVotes: 0,
      userVote: null,
      options: [
        { text: 'a', voteCount: 0 },
        { text: 'b', voteCount: 0 },
      ],
    });
    const again = await forum.request(`/api/discussions/${discussion.id}/poll`, {
      token: author.token,
      json: { question: 'Q2?', options: ['c', 'd'] },
    });
    expect(again.status).toBe(409);
    expect(
      (await forum.call(routes.getDiscussion, { token: other.token, params: { id: discussion.id } })).hasPoll,
    ).toBe(true);
  });
});

describe('voting', () => {
  it('counts one vote per member; voting again moves the vote; the same vote twice changes nothing', async () => {
    const { id, poll } = await discussionWithPoll();
    const [red, green] = poll.options;
    expect(await vote(other, id, red!.id)).toMatchObject({
      totalVotes: 1,
      userVote: red!.id,
      options: [{ voteCount: 1 }, { voteCount: 0 }, { voteCount: 0 }],
    });
    expect(await vote(other, id, red!.id)).toMatchObject({
      totalVotes: 1,
      options: [{ voteCount: 1 }, { voteCount: 0 }, { voteCount: 0 }],
    });
    expect(await vote(other, id, green!.id)).toMatchObject({
      totalVotes: 1,
      userVote: green!.id,
      options: [{ voteCount: 0 }, { voteCount: 1 }, { voteCount: 0 }],
    });
    const seenByAuthor = await forum.call(routes.getPoll, { token: author.token, params: { id } });
    expect(seenByAuthor).toMatchObject({ totalVotes: 1, userVote: null });
  });

  it('refuses an option of another poll, a vote above the member’s level and a vote in a locked discussion', async () => {
    const first = await discussionWithPoll();
    const second = await discussionWithPoll();
    const wrong = await forum.request(`/api/discussions/${first.id}/poll/vote`, {
      token: other.token,
      json: { optionId: second.poll.options[0]!.id },
    });
    expect(wrong.status).toBe(404);
    expect(await wrong.json()).toMatchObject({ message: FORUM_MESSAGES.optionNotFound });

    const apprentice = await forum.member('Apprentice');
    expect(
      (
        await forum.request(`/api/discussions/${first.id}/poll/vote`, {
          token: apprentice.token,
          json: { optionId: first.poll.options[0]!.id },
        })
      ).status,
    ).toBe(404);

    const admin = await forum.member('Admin');
    await forum.call(routes.updateDiscussion, {
      token: admin.token,
      params: { id: first.id },
      body: { isLocked: true },
    });
    const locked = await forum.request(`/api/discussions/${first.id}/poll/vote`, {
      token: other.token,
      json: { optionId: first.poll.options[0]!.id },
    });
    expect(locked.status).toBe(403);
  });

  it('keeps counts and totals exact with 50 members voting at once, then all changing their vote at once', async () => {
    const { id, poll } = await discussionWithPoll();
    const voters = await Promise.all(Array.from({ length: 50 }, () => forum.member('Master')));
    const events = await forum.collectEvents(
      [SUBJECTS.forumPollVoted],
      (event) => (event.payload as { discussionId?: string }).discussionId === id,
    );
    try {
      await Promise.all(voters.map((voter, index) => vote(voter, id, poll.options[index % 3]!.id)));
      let after = await forum.call(routes.getPoll, { token: author.token, params: { id } });
      expect(after.options.map((option) => option.voteCount)).toEqual([17, 17, 16]);
      expect(after.totalVotes).toBe(50);

      await Promise.all(voters.map((voter, index) => vote(voter, id, poll.options[index % 2 === 0 ? 0 : 2]!.id)));
      after = await forum.call(routes.getPoll, { token: author.token, params: { id } });
      expect(after.options.map((option) => option.voteCount)).toEqual([25, 0, 25]);
      expect(after.totalVotes).toBe(50);
      const [stored] = await forum.sql<{ votes: number }>(
        'SELECT count(*)::int AS votes FROM poll_votes WHERE poll_id = $1',
        [poll.id],
      );
      expect(stored!.votes).toBe(50);

      // 50 first votes, and a move for every voter whose option changed (index % 3 differs from the new one).
      const moves = voters.filter((_, index) => index % 3 !== (index % 2 === 0 ? 0 : 2)).length;
      await events.waitUntil((received) => received.length >= 50 + moves);
      expect(events.events.at(-1)!.payload).toMatchObject({ pollId: poll.id, totalVotes: 50 });
    } finally {
      await events.stop();
    }
  });
});
