/** GET /api/search against the real service: PostgreSQL full-text search within what the member may read. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FORUM_MESSAGES,
  forumRoutes as routes,
  type CallInput,
  type DiscussionDetail,
  type ForumCategory,
} from '@crucible/proto';
import { startForumHarness, uniqueTag, type ForumHarness, type Member } from './testing/forum-harness.ts';

let forum: ForumHarness;
let author: Member;
let core: Member;
let journeyman: Member;
/** A made-up word only this run's posts contain, so results are exactly ours. */
const word = `zq${uniqueTag(3)}`;
const posts = {} as Record<'titled' | 'inContent' | 'master' | 'coreOnly' | 'hidden', DiscussionDetail>;
let replyId: string;

type SearchInput = NonNullable<CallInput<typeof routes.search>['query']>;

beforeAll(async () => {
  forum = await startForumHarness();
  author = await forum.member('Admin');
  core = await forum.member('Core');
  journeyman = await forum.member('Journeyman');
  const post = (title: string, content: string, category: ForumCategory) =>
    forum.call(routes.createDiscussion, { token: author.token, body: { title, content, category } });
  const reply = (discussionId: string, content: string) =>
    forum.call(routes.createReply, { token: author.token, params: { id: discussionId }, body: { content } });
  posts.inContent = await post('Quarterly planning', `We talked about ${word} at length, then lunch.`, 'Apprentice');
  posts.titled = await post(`All about ${word} leadership`, 'A long body about teams.', 'Journeyman');
  posts.master = await post('Mentoring notes', `Mentors use ${word} too.`, 'Master');
  posts.coreOnly = await post(`Core ${word} strategy`, 'Secret plans.', 'Core');
  posts.hidden = await post(`Hidden ${word}`, 'Spam.', 'Apprentice');
  await reply(posts.hidden.id, `More ${word} spam`);
  await setHidden(posts.hidden.id, true);
  for (let index = 0; index < 3; index += 1) await reply(posts.master.id, 'plain reply');
  replyId = (await reply(posts.inContent.id, `Replying on the ${word} topic`)).id;
});

afterAll(async () => {
  await forum?.stop();
});

const search = (member: Member, query: SearchInput) => forum.call(routes.search, { token: member.token, query });

const setHidden = (discussionId: string, isHidden: boolean) =>
  forum.call(routes.updateDiscussion, { token: author.token, params: { id: discussionId }, body: { isHidden } });

describe('search', () => {
  it('finds discussions by title and content and replies by content, title matches first, within the member’s levels', async () => {
    const { items, nextOffset } = await search(core, { query: word });
    expect(items.map((item) => item.discussionId)).toEqual(
      expect.arrayContaining([posts.titled.id, posts.inContent.id, posts.master.id, posts.coreOnly.id]),
    );
    expect(items.some((item) => item.discussionId === posts.hidden.id)).toBe(false);
    expect(items).toHaveLength(5);
    expect(nextOffset).toBeNull();
    // Title words weigh more than content words.
    const rankOf = (id: string, kind = 'discussion') =>
      items.find((item) => item.discussionId === id && item.kind === kind)!.rank;
    expect(rankOf(posts.titled.id)).toBeGreaterThan(rankOf(posts.inContent.id));
    const reply = items.find((item) => item.kind === 'reply')!;
    expect(reply).toMatchObject({
      replyId,
      discussionId: posts.inContent.id,
      title: 'Quarterly planning',
      category: 'Apprentice',
      author: { id: author.id },
    });
    expect(reply.snippet).toContain(`«${word}»`);
  });

  it('finds the replies of a hidden discussion again once it is shown', async () => {
    const hiddenHits = async () =>
      (await search(core, { query: word })).items.filter((item) => item.discussionId === posts.hidden.id);
    expect(await hiddenHits()).toEqual([]);
    await setHidden(posts.hidden.id, false);
    expect((await hiddenHits()).map((item) => item.kind).sort()).toEqual(['discussion', 'reply']);
    await setHidden(posts.hidden.id, true);
    expect(await hiddenHits()).toEqual([]);
  });

  it('never returns what is above the member’s level, and filters by category', async () => {
    const journeymanIds = (await search(journeyman, { query: word })).items.map((item) => item.discussionId);
    expect(new Set(journeymanIds)).toEqual(new Set([posts.titled.id, posts.inContent.id]));
    expect((await search(journeyman, { query: word, category: 'Core' })).items).toEqual([]);
    const apprenticeOnly = await search(core, { query: word, category: 'Apprentice' });
    expect(new Set(apprenticeOnly.items.map((item) => item.discussionId))).toEqual(new Set([posts.inContent.id]));
  });

  it('sorts by newest, oldest and popularity, and pages with an offset', async () => {
    const newest = (await search(core, { query: word, sortBy: 'newest' })).items.map((item) => item.createdAt);
    expect(newest).toEqual([...newest].sort().reverse());
    const oldest = (await search(core, { query: word, sortBy: 'oldest' })).items;
    expect(oldest[0]!.discussionId).toBe(posts.inContent.id);
    const popular = (await search(core, { query: word, sortBy: 'popular' })).items;
    expect(popular[0]!.discussionId).toBe(posts.master.id);

    const first = await search(core, { query: word, sortBy: 'oldest', limit: 2 });
    expect(first.nextOffset).toBe(2);
    const second = await search(core, { query: word, sortBy: 'oldest', limit: 2, offset: 2 });
    expect([...first.items, ...second.items].map((item) => item.replyId ?? item.discussionId)).toEqual(
      oldest.slice(0, 4).map((item) => item.replyId ?? item.discussionId),
    );
  });

  it('matches word forms and phrases, and refuses bad parameters with the fixed texts', async () => {
    const stems = await search(core, { query: 'mentoring' });
    expect(stems.items.map((item) => item.discussionId)).toContain(posts.master.id);
    const phrase = await search(core, { query: `"${word} leadership"` });
    expect(phrase.items.map((item) => item.discussionId)).toEqual([posts.titled.id]);

    const empty = await forum.request('/api/search?query=%20', { token: core.token });
    expect(await empty.json()).toMatchObject({ statusCode: 400, message: FORUM_MESSAGES.searchQueryRequired });
    expect((await forum.request('/api/search', { token: core.token })).status).toBe(400);
    expect((await forum.request(`/api/search?query=x&category=Admin`, { token: core.token })).status).toBe(400);
    expect((await forum.request(`/api/search?query=x&sortBy=random`, { token: core.token })).status).toBe(400);
    expect((await search(core, { query: 'the' })).items).toEqual([]);
  });
});
