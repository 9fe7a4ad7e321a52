/**
 * Upvotes received from forum.vote.cast: the difference each vote makes, counted
 * once per event however often it is delivered; one's own votes earn nothing; points follow.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBJECTS, type PostVoteType, type UserStats } from '@crucible/proto';
import { newEvent } from '@crucible/platform';
import { startProfileHarness, type ProfileHarness } from './testing/profile-harness.ts';
import { POINTS } from './use-cases/activity.ts';

let h: ProfileHarness;

beforeAll(async () => {
  h = await startProfileHarness();
}, 60_000);
afterAll(() => h?.stop());

function vote(
  voterId: string,
  authorId: string,
  voteType: PostVoteType | null,
  previousVoteType: PostVoteType | null,
  on: { discussionId: string | null; replyId: string | null } = { discussionId: crypto.randomUUID(), replyId: null },
) {
  return newEvent(SUBJECTS.forumVoteCast, {
    voterId,
    authorId,
    ...on,
    voteType,
    previousVoteType,
    castAt: new Date().toISOString(),
  });
}

describe('upvotes received', () => {
  it('counts each vote event once, follows changes and withdrawals, and ignores votes on one’s own posts', async () => {
    const author = await h.member('Apprentice');
    const [ann, bob, cy] = await Promise.all([h.member('Apprentice'), h.member('Master'), h.member('Core')]);
    const reply = { discussionId: null, replyId: crypto.randomUUID() };
    const events = [
      vote(ann.id, author.id, 'up', null),
      vote(bob.id, author.id, 'up', null, reply),
      // Cy votes down, then changes to up: +1 up in all.
      vote(cy.id, author.id, 'down', null),
      vote(cy.id, author.id, 'up', 'down'),
      // Bob withdraws his vote: -1 up.
      vote(bob.id, author.id, null, 'up', reply),
      // The author's own vote earns nothing.
      vote(author.id, author.id, 'up', null),
    ];
    for (const event of events) {
      await h.bus.publish(event);
      await h.bus.publish(event);
    }
    const processed = async () =>
      (
        await h.sql(`SELECT 1 FROM processed_events WHERE event_id = ANY($1::uuid[])`, [
          events.map((event) => event.id),
        ])
      ).length;
    await expect.poll(processed, { timeout: 15_000 }).toBe(events.length);

    const stats = await h.call<UserStats>(`/api/users/${author.id}/stats`, { token: author.token });
    expect(stats).toMatchObject({ upvotesReceived: 2, totalPoints: 2 * POINTS.upvote });
    const [row] = await h.sql<{ downvotes_received: number }>(
      `SELECT downvotes_received FROM user_stats WHERE user_id = $1`,
      [author.id],
    );
    expect(row?.downvotes_received).toBe(0);
  });
});
