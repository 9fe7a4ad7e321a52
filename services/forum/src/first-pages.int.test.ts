/**
 * The first pages of the lists served from the platform cache (the real Redis, under the harness's
 * namespace): a page is cached (a change made behind the service's back does not show), the
 * forum's writes and events forget it (no stale page after a post, an edit, a delete, a hide, a
 * reply, a vote or a level change), and what a level may see still holds on cached pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBJECTS, type DiscussionDetail, type DiscussionSummary, type Reply, type Subcategory } from '@crucible/proto';
import { newEvent } from '@crucible/platform';
import { startForumHarness, uniqueTag, type ForumHarness, type Member } from './testing/forum-harness.ts';

let forum: ForumHarness;
let admin: Member;
let apprentice: Member;
let core: Member;
let topic: Subcategory;

beforeAll(async () => {
  forum = await startForumHarness({ cache: 'redis' });
  admin = await forum.member('Admin');
  apprentice = await forum.member('Apprentice');
  core = await forum.member('Core');
  topic = await forum.call<Subcategory>('/api/subcategories', {
    token: admin.token,
    json: { name: `Cached ${uniqueTag()}`, category: 'Apprentice' },
    expect: 201,
  });
});

afterAll(async () => {
  await forum?.stop();
});

function post(author: Member, fields: Record<string, unknown> = {}) {
  return forum.call<DiscussionDetail>('/api/discussions', {
    token: author.token,
    json: { title: `Post ${uniqueTag()}`, content: 'Words', category: 'Apprentice', ...fields },
    expect: 201,
  });
}

const topicPage = (viewer: Member) =>
  forum.call<DiscussionSummary[]>(`/api/discussions?subcategoryId=${topic.id}`, { token: viewer.token });
const allPage = (viewer: Member) => forum.call<DiscussionSummary[]>('/api/discussions', { token: viewer.token });
const titles = (page: DiscussionSummary[]) => page.map((item) => item.title);

describe('first page of a discussion list', () => {
  it('is served from the cache until the forum changes it', async () => {
    const first = await post(apprentice, { subcategoryId: topic.id });
    // The post's event forgets the page again when it arrives; let it arrive before the page is cached.
    await forum.pagesConsumerCaughtUp();
    expect(titles(await topicPage(apprentice))).toContain(first.title);
    // Behind the service's back: the cached page does not show it.
    await forum.sql(`UPDATE discussions SET title = 'Renamed in SQL' WHERE id = $1`, [first.id]);
    expect(titles(await topicPage(apprentice))).toContain(first.title);
    // A reply is a change of the forum's own: the page is computed again.
    await forum.call<Reply>(`/api/discussions/${first.id}/replies`, {
      token: core.token,
      json: { content: 'A reply' },
      expect: 201,
    });
    await expect.poll(async () => titles(await topicPage(apprentice))).toContain('Renamed in SQL');
    const summary = (await topicPage(apprentice)).find((item) => item.id === first.id)!;
    expect(summary.replyCount).toBe(1);
  });

  it('shows a new discussion on the next read, and an edit, a hide and a delete', async () => {
    await topicPage(apprentice);
    const created = await post(core, { subcategoryId: topic.id });
    await expect.poll(async () => titles(await topicPage(apprentice))).toContain(created.title);

    await forum.call(`/api/discussions/${created.id}`, {
      method: 'PATCH',
      token: core.token,
      json: { title: 'Edited title' },
    });
    await expect.poll(async () => titles(await topicPage(apprentice))).toContain('Edited title');

    await forum.call(`/api/discussions/${created.id}`, {
      method: 'PATCH',
      token: admin.token,
      json: { isHidden: true },
    });
    await expect.poll(async () => titles(await topicPage(apprentice))).not.toContain('Edited title');

    const doomed = await post(apprentice, { subcategoryId: topic.id });
    await expect.poll(async () => titles(await topicPage(core))).toContain(doomed.title);
    await forum.request(`/api/discussions/${doomed.id}`, { method: 'DELETE', token: apprentice.token });
    await expect.poll(async () => titles(await topicPage(core))).not.toContain(doomed.title);
  });

  it('keeps each level to what it may see', async () => {
    const coreOnly = await post(core, { category: 'Core' });
    const open = await post(core);
    for (let read = 0; read < 2; read += 1) {
      // The second read of each comes from the cache.
      await expect.poll(async () => titles(await allPage(core))).toContain(coreOnly.title);
      expect(titles(await allPage(apprentice))).not.toContain(coreOnly.title);
      expect(titles(await allPage(apprentice))).toContain(open.title);
    }
  });

  it('follows a level change at once', async () => {
    const member = await forum.member('Apprentice');
    const coreOnly = await post(core, { category: 'Core' });
    expect(titles(await allPage(member))).not.toContain(coreOnly.title);
    forum.setLevel(member, 'Core');
    expect(titles(await allPage(member))).toContain(coreOnly.title);
    forum.setLevel(member, 'Apprentice');
    expect(titles(await allPage(member))).not.toContain(coreOnly.title);
  });

  it('is forgotten by the forum events alone (what another instance wrote)', async () => {
    const first = await post(apprentice, { subcategoryId: topic.id });
    // The post's event forgets the page again when it arrives; let it arrive before the page is cached.
    await forum.pagesConsumerCaughtUp();
    expect(titles(await topicPage(apprentice))).toContain(first.title);
    await forum.sql(`UPDATE discussions SET title = 'Changed elsewhere' WHERE id = $1`, [first.id]);
    expect(titles(await topicPage(apprentice))).not.toContain('Changed elsewhere');
    await forum.bus.publish(
      newEvent(SUBJECTS.forumDiscussionUpdated, {
        discussionId: first.id,
        category: 'Apprentice',
        accessLevel: 'Apprentice',
        subcategoryId: topic.id,
      }),
    );
    await expect.poll(async () => titles(await topicPage(apprentice))).toContain('Changed elsewhere');
  });
});

describe("first page of a discussion's replies", () => {
  it('is forgotten by a vote event on one of its replies alone (a vote another instance took)', async () => {
    const discussion = await post(apprentice, { subcategoryId: topic.id });
    const reply = await forum.call<Reply>(`/api/discussions/${discussion.id}/replies`, {
      token: core.token,
      json: { content: 'Vote on me' },
      expect: 201,
    });
    await forum.pagesConsumerCaughtUp();
    const upvotes = async () =>
      (await forum.call<Reply[]>(`/api/discussions/${discussion.id}/replies`, { token: apprentice.token }))[0]!.upvotes;
    expect(await upvotes()).toBe(0);
    await forum.sql(`UPDATE replies SET upvotes = 1 WHERE id = $1`, [reply.id]);
    expect(await upvotes()).toBe(0);
    await forum.bus.publish(
      newEvent(SUBJECTS.forumVoteCast, {
        voterId: apprentice.id,
        authorId: core.id,
        discussionId: null,
        replyId: reply.id,
        voteType: 'up',
        previousVoteType: null,
        castAt: new Date().toISOString(),
      }),
    );
    await expect.poll(upvotes).toBe(1);
  });

  it('shows a new reply on the next read and still refuses who may not see the discussion', async () => {
    const discussion = await post(apprentice, { subcategoryId: topic.id });
    const replies = (viewer: Member) =>
      forum.call<Reply[]>(`/api/discussions/${discussion.id}/replies`, { token: viewer.token });
    expect(await replies(core)).toEqual([]);
    const answer = await forum.call<Reply>(`/api/discussions/${discussion.id}/replies`, {
      token: core.token,
      json: { content: 'First answer' },
      expect: 201,
    });
    await expect.poll(async () => (await replies(apprentice)).map((reply) => reply.id)).toEqual([answer.id]);

    const coreOnly = await post(core, { category: 'Core' });
    const coreReplies = `/api/discussions/${coreOnly.id}/replies`;
    await forum.call(coreReplies, { token: core.token });
    // The cached page is filtered per request: a lower level still gets the 404.
    expect((await forum.request(coreReplies, { token: apprentice.token })).status).toBe(404);

    await forum.call(`/api/discussions/${discussion.id}`, {
      method: 'PATCH',
      token: admin.token,
      json: { isHidden: true },
    });
    await expect
      .poll(
        async () => (await forum.request(`/api/discussions/${discussion.id}/replies`, { token: core.token })).status,
      )
      .toBe(404);
  });
});
