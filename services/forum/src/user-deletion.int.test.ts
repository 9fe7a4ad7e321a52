/** A member deleted in auth (auth.user.deleted): forum drops their grants, watches and mentions; their posts stay. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SUBJECTS, forumRoutes as routes } from '@crucible/proto';
import { newEvent } from '@crucible/platform';
import { startForumHarness, uniqueTag, type ForumHarness } from './testing/forum-harness.ts';

let forum: ForumHarness;

beforeAll(async () => {
  forum = await startForumHarness();
});
afterAll(() => forum?.stop());

it("removes a deleted member's moderator grants and watches and keeps their discussions for others", async () => {
  const [admin, gone, reader] = [
    await forum.member('Admin'),
    await forum.member('Master'),
    await forum.member('Master'),
  ];
  const discussion = await forum.call(routes.createDiscussion, {
    token: gone.token,
    body: { title: `Leaving ${uniqueTag()}`, content: 'Body', category: 'Journeyman' },
  });
  await forum.call(routes.grantModerator, { token: admin.token, body: { userId: gone.id, category: 'Journeyman' } });
  await forum.call(routes.watchDiscussion, { token: gone.token, params: { id: discussion.id } });

  await forum.bus.publish(newEvent(SUBJECTS.userDeleted, { id: gone.id }));

  await expect
    .poll(async () => (await forum.sql(`SELECT 1 FROM forum_moderators WHERE user_id = $1`, [gone.id])).length, {
      timeout: 15_000,
    })
    .toBe(0);
  expect(await forum.sql(`SELECT 1 FROM user_watched_discussions WHERE user_id = $1`, [gone.id])).toEqual([]);
  expect(await forum.sql(`SELECT 1 FROM users WHERE id = $1`, [gone.id])).toEqual([]);
  const kept = await forum.call(routes.getDiscussion, { token: reader.token, params: { id: discussion.id } });
  expect(kept).toMatchObject({ id: discussion.id, content: 'Body' });
});
