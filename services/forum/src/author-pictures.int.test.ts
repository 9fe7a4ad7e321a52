/**
 * A member's picture travels with what shows them: the forum reads it from its users replica (kept
 * from auth.user.* events) into every author object, so the page asks for no profile per author.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SUBJECTS,
  type DiscussionDetail,
  type DiscussionSummary,
  type Reply,
  type SearchResponse,
  type UserEventPayload,
} from '@crucible/proto';
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
  discussion = await forum.call<DiscussionDetail>('/api/discussions', {
    token: author.token,
    json: { title: `Pictures ${word}`, content: 'Who is who?', category: 'Journeyman' },
    expect: 201,
  });
  await forum.call(`/api/discussions/${discussion.id}/replies`, {
    token: replier.token,
    json: { content: `A reply about ${word}` },
    expect: 201,
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

const detail = () => forum.call<DiscussionDetail>(`/api/discussions/${discussion.id}`, { token: replier.token });
const listed = async () =>
  (await forum.call<DiscussionSummary[]>(`/api/discussions?authorId=${author.id}`, { token: replier.token }))[0];
const replies = () => forum.call<Reply[]>(`/api/discussions/${discussion.id}/replies`, { token: author.token });
const found = async () =>
  (await forum.call<SearchResponse>(`/api/search?query=${word}`, { token: author.token })).items;

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
