/**
 * A member's picture travels with what shows them: the forum reads it from its users replica (kept
 * from auth.user.* events) into every author object, so the page asks for no profile per author.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBJECTS, forumRoutes as routes, type DiscussionDetail, type UserEventPayload } from '@crucible/proto';
import { newEvent } from '@crucible/platform';
import { startForumHarness, uniqueTag, type ForumHarness, type Member } from './testing/forum-harness.ts';

let forum: ForumHarness;
let author: Member;
let replier: Member;
let discussion: DiscussionDetail;
/** A made-up word only this run's posts contain, so the search finds exactly them. */
const word = `zq${uniqueTag(3)}`;

beforeAll(async () => {
  // No first-page cache: every read below is the repositories' answer of the moment.
  forum = await startForumHarness({ env: { FORUM_FIRST_PAGE_TTL_SECONDS: '0' } });
  author = await forum.member('Journeyman');
  replier = await forum.member('Journeyman');
  discussion = await forum.call(routes.createDiscussion, {
    token: author.token,
    body: { title: `Pictures ${word}`, content: 'Who is who?', category: 'Journeyman' },
  });
  await forum.call(routes.createReply, {
    token: replier.token,
    params: { id: discussion.id },
    body: { content: `A reply about ${word}` },
  });
});

afterAll(async () => {
  await forum?.stop();
});

function publishPicture(member: Member, profileImageUrl: string) {
  const payload: UserEventPayload = {
    id: member.id,
    email: member.email,
    firstName: member.firstName,
    lastName: member.lastName,
    profileImageUrl,
    accessLevel: member.level,
    isAdmin: false,
    isModerator: false,
  };
  return forum.bus.publish(newEvent(SUBJECTS.userUpdated, payload));
}

const detail = () => forum.call(routes.getDiscussion, { token: replier.token, params: { id: discussion.id } });
const listed = async () =>
  (await forum.call(routes.listDiscussions, { token: replier.token, query: { authorId: author.id } }))[0];
const replies = () => forum.call(routes.listReplies, { token: author.token, params: { id: discussion.id } });
const found = async () => (await forum.call(routes.search, { token: author.token, query: { query: word } })).items;

describe('author pictures', () => {
  it('shows no picture for a member who has none', async () => {
    expect((await detail()).author?.profileImageUrl).toBeNull();
    expect((await detail()).lastReplyAuthor?.profileImageUrl).toBeNull();
    expect((await replies())[0]!.author?.profileImageUrl).toBeNull();
  });

  it('carries the picture auth.user.updated brings into the discussion, its list, its replies and the search', async () => {
    const authorPicture = `/api/profile-pictures/${author.id}.webp`;
    const replierPicture = `/api/profile-pictures/${replier.id}.webp`;
    await publishPicture(author, authorPicture);
    await publishPicture(replier, replierPicture);
    await expect
      .poll(async () => (await detail()).lastReplyAuthor?.profileImageUrl, { timeout: 10_000 })
      .toBe(replierPicture);
    await expect.poll(async () => (await detail()).author?.profileImageUrl, { timeout: 10_000 }).toBe(authorPicture);

    const summary = await listed();
    expect(summary?.id).toBe(discussion.id);
    expect(summary?.author?.profileImageUrl).toBe(authorPicture);
    expect(summary?.lastReplyAuthor?.profileImageUrl).toBe(replierPicture);
    expect((await replies()).map((reply) => reply.author?.profileImageUrl)).toEqual([replierPicture]);
    const pictureOf = Object.fromEntries((await found()).map((hit) => [hit.kind, hit.author?.profileImageUrl]));
    expect(pictureOf).toEqual({ discussion: authorPicture, reply: replierPicture });
  });
});
