/** GET /api/forum-levels: each level forum's discussion count as its "All discussions" list shows it to the viewer. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { forumRoutes as routes, type ForumCategory } from '@crucible/proto';
import { startForumHarness, uniqueTag, type BodyOf, type ForumHarness, type Member } from './testing/forum-harness.ts';

let forum: ForumHarness;
let admin: Member;

beforeAll(async () => {
  forum = await startForumHarness();
  admin = await forum.member('Admin');
});
afterAll(() => forum?.stop());

const post = (member: Member, category: ForumCategory, extra: Partial<BodyOf<typeof routes.createDiscussion>> = {}) =>
  forum.call(routes.createDiscussion, {
    token: member.token,
    body: { title: `Count ${uniqueTag()}`, content: 'Body', category, ...extra },
  });

const levelsOf = (member: Member) => forum.call(routes.listForumLevels, { token: member.token });

it('counts the discussions each level forum lists for the viewer, without hidden ones or those above their level, and follows new ones at once', async () => {
  const [journeyman, master, publicMember] = await Promise.all([
    forum.member('Journeyman'),
    forum.member('Master'),
    forum.member('Public'),
  ]);
  await post(journeyman, 'Apprentice');
  await post(journeyman, 'Journeyman');
  // A Journeyman discussion only Masters may see, and a hidden one.
  await post(master, 'Journeyman', { minAccessLevel: 'Master' });
  const hidden = await post(journeyman, 'Journeyman');
  await forum.call(routes.updateDiscussion, {
    token: admin.token,
    params: { id: hidden.id },
    body: { isHidden: true },
  });
  await post(master, 'Master');

  expect(await levelsOf(journeyman)).toEqual([
    { category: 'Apprentice', discussionCount: 1 },
    { category: 'Journeyman', discussionCount: 1 },
  ]);
  expect(await levelsOf(master)).toEqual([
    { category: 'Apprentice', discussionCount: 1 },
    { category: 'Journeyman', discussionCount: 2 },
    { category: 'Master', discussionCount: 1 },
  ]);
  expect(await levelsOf(publicMember)).toEqual([]);

  // The counts are cached per level; a new discussion shows in them at once.
  await post(journeyman, 'Journeyman');
  expect(await levelsOf(journeyman)).toContainEqual({ category: 'Journeyman', discussionCount: 2 });
});
