/**
 * The first pages of the lists served from the platform cache (the real Redis, under the harness's
 * namespace): a page is cached (a change made behind the service's back does not show), the
 * forum's writes and events forget it (no stale page after a post, an edit, a delete, a hide, a
 * reply, a vote or a level change), and what a level may see still holds on cached pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBJECTS, forumRoutes as routes, type DiscussionSummary, type Subcategory } from '@crucible/proto';
import { newEvent } from '@crucible/platform';
import { startForumHarness, uniqueTag, type BodyOf, type ForumHarness, type Member } from './testing/forum-harness.ts';

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
  topic = await forum.call(routes.createTopic, {
    token: admin.token,
    body: { name: `Cached ${uniqueTag()}`, category: 'Apprentice' },
  });
});

afterAll(async () => {
  await forum?.stop();
});

function post(author: Member, fields: Partial<BodyOf<typeof routes.createDiscussion>> = {}) {
  return forum.call(routes.createDiscussion, {
    token: author.token,
    body: { title: `Post ${uniqueTag()}`, content: 'Words', category: 'Apprentice', ...fields },
  });
}

const topicPage = (viewer: Member) =>
  forum.call(routes.listDiscussions, { token: viewer.token, query: { subcategoryId: topic.id } });
const allPage = (viewer: Member) => forum.call(routes.listDiscussions, { token: viewer.token });
const repliesTo = (viewer: Member, discussionId: string) =>
  forum.call(routes.listReplies, { token: viewer.token, params: { id: discussionId } });
const reply = (author: Member, discussionId: string, content: string) =>
  forum.call(routes.createReply, { token: author.token, params: { id: discussionId }, body: { content } });
const patchDiscussion = (who: Member, discussionId: string, body: BodyOf<typeof routes.updateDiscussion>) =>
  forum.call(routes.updateDiscussion, { token: who.token, params: { id: discussionId }, body });
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
    await reply(core, first.id, 'A reply');
    await expect.poll(async () => titles(await topicPage(apprentice))).toContain('Renamed in SQL');
    const summary = (await topicPage(apprentice)).find((item) => item.id === first.id)!;
    expect(summary.replyCount).toBe(1);
  });

  it('shows a new discussion on the next read, and an edit, a hide and a delete', async () => {
    await topicPage(apprentice);
    const created = await post(core, { subcategoryId: topic.id });
    await expect.poll(async () => titles(await topicPage(apprentice))).toContain(created.title);

    await patchDiscussion(core, created.id, { title: 'Edited title' });
    await expect.poll(async () => titles(await topicPage(apprentice))).toContain('Edited title');

    await patchDiscussion(admin, created.id, { isHidden: true });
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
    const voted = await reply(core, discussion.id, 'Vote on me');
    await forum.pagesConsumerCaughtUp();
    const upvotes = async () => (await repliesTo(apprentice, discussion.id))[0]!.upvotes;
    expect(await upvotes()).toBe(0);
    await forum.sql(`UPDATE replies SET upvotes = 1 WHERE id = $1`, [voted.id]);
    expect(await upvotes()).toBe(0);
    await forum.bus.publish(
      newEvent(SUBJECTS.forumVoteCast, {
        voterId: apprentice.id,
        authorId: core.id,
        discussionId: null,
        replyId: voted.id,
        voteType: 'up',
        previousVoteType: null,
        castAt: new Date().toISOString(),
      }),
    );
    await expect.poll(upvotes).toBe(1);
  });

  it('shows a new reply on the next read and still refuses who may not see the discussion', async () => {
    const discussion = await post(apprentice, { subcategoryId: topic.id });
    expect(await repliesTo(core, discussion.id)).toEqual([]);
    const answer = await reply(core, discussion.id, 'First answer');
    await expect
      .poll(async () => (await repliesTo(apprentice, discussion.id)).map((item) => item.id))
      .toEqual([answer.id]);

    const coreOnly = await post(core, { category: 'Core' });
    const coreReplies = `/api/discussions/${coreOnly.id}/replies`;
    await repliesTo(core, coreOnly.id);
    // The cached page is filtered per request: a lower level still gets the 404.
    expect((await forum.request(coreReplies, { token: apprentice.token })).status).toBe(404);

    await patchDiscussion(admin, discussion.id, { isHidden: true });
    await expect
      .poll(
        async () => (await forum.request(`/api/discussions/${discussion.id}/replies`, { token: core.token })).status,
      )
      .toBe(404);
  });
});
