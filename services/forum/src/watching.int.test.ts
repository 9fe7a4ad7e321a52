/** Watching discussions and the events the realtime service turns into notifications: replies and mentions. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SUBJECTS,
  forumRoutes as routes,
  type EventEnvelope,
  type MentionCreatedPayload,
  type ReplyCreatedPayload,
  type WatchedDiscussion,
} from '@crucible/proto';
import {
  startForumHarness,
  uniqueTag,
  type BodyOf,
  type EventCollector,
  type ForumHarness,
  type Member,
} from './testing/forum-harness.ts';

let forum: ForumHarness;
let author: Member;
let events: EventCollector;
/** In every title of this run, so the collector keeps this run's events even before a post's id is known. */
const run = uniqueTag();

beforeAll(async () => {
  forum = await startForumHarness();
  author = await forum.member('Journeyman', { firstName: 'Ada', lastName: 'Author' });
  events = await forum.collectEvents([SUBJECTS.forumReplyCreated, SUBJECTS.forumMentionCreated], (event) =>
    (event.payload as { discussionTitle: string }).discussionTitle.startsWith(`Watched ${run}`),
  );
});

afterAll(async () => {
  await events?.stop();
  await forum?.stop();
});

async function createDiscussion(fields: Partial<BodyOf<typeof routes.createDiscussion>> = {}) {
  return forum.call(routes.createDiscussion, {
    token: author.token,
    body: { title: `Watched ${run} ${uniqueTag()}`, content: 'Body', category: 'Journeyman', ...fields },
  });
}

const watch = (member: Member, discussionId: string) =>
  forum.call(routes.watchDiscussion, { token: member.token, params: { id: discussionId } });

const watchedBy = (member: Member, userId: string) =>
  forum.call(routes.listWatched, { token: member.token, params: { id: userId } });

function eventsFor<P>(subject: string, discussionId: string): (EventEnvelope & { payload: P })[] {
  return events.events.filter(
    (event) => event.subject === subject && (event.payload as { discussionId: string }).discussionId === discussionId,
  ) as never;
}

describe('watching', () => {
  it('watches and unwatches a discussion and lists a member’s watched discussions, newest watch first', async () => {
    const watcher = await forum.member('Journeyman');
    const first = await createDiscussion();
    const second = await createDiscussion();
    await watch(watcher, first.id);
    const again = await watch(watcher, second.id);
    expect(again.watched).toBe(true);
    await watch(watcher, second.id);
    expect((await forum.call(routes.getDiscussion, { token: watcher.token, params: { id: first.id } })).isWatched).toBe(
      true,
    );

    const watched = await watchedBy(watcher, watcher.id);
    expect(watched.map((item) => item.id)).toEqual([second.id, first.id]);
    expect(watched[0]).toMatchObject({
      title: second.title,
      watchedAt: expect.any(String),
      author: { firstName: 'Ada' },
    });
    const firstOnly = await forum.request(`/api/users/${watcher.id}/watched?limit=1`, { token: watcher.token });
    expect(((await firstOnly.json()) as WatchedDiscussion[]).map((item) => item.id)).toEqual([second.id]);
    expect(firstOnly.headers.get('x-next-cursor')).toBeTruthy();

    await forum.call(routes.unwatchDiscussion, { token: watcher.token, params: { id: second.id } });
    expect((await watchedBy(watcher, watcher.id)).map((item) => item.id)).toEqual([first.id]);
  });

  it('keeps watched lists private to their member (and admins) and to what the viewer may see', async () => {
    const watcher = await forum.member('Journeyman');
    const discussion = await createDiscussion();
    await watch(watcher, discussion.id);
    expect((await forum.request(`/api/users/${watcher.id}/watched`, { token: author.token })).status).toBe(403);
    const admin = await forum.member('Admin');
    expect((await watchedBy(admin, watcher.id)).map((item) => item.id)).toEqual([discussion.id]);
    forum.setLevel(watcher, 'Apprentice');
    expect(await watchedBy(watcher, watcher.id)).toEqual([]);
    expect(
      (await forum.request(`/api/discussions/${discussion.id}/watch`, { token: watcher.token, method: 'POST' })).status,
    ).toBe(404);
    expect(
      (await forum.request(`/api/discussions/${discussion.id}/watch`, { token: watcher.token, method: 'DELETE' }))
        .status,
    ).toBe(204);
  });
});

describe('reply notifications', () => {
  it('names the discussion’s author and its watchers who may still see it, never the reply’s own author', async () => {
    const discussion = await createDiscussion();
    const watcher = await forum.member('Master');
    const demoted = await forum.member('Journeyman');
    const replier = await forum.member('Journeyman', { firstName: 'Rita', lastName: 'Replier' });
    for (const member of [watcher, demoted, replier]) await watch(member, discussion.id);
    await forum.sql(`UPDATE users SET access_level = 'Apprentice' WHERE id = $1`, [demoted.id]);

    const reply = await forum.call(routes.createReply, {
      token: replier.token,
      params: { id: discussion.id },
      body: { content: 'Here is **my** answer' },
    });
    await events.waitUntil(() => eventsFor(SUBJECTS.forumReplyCreated, discussion.id).length === 1);
    const [event] = eventsFor<ReplyCreatedPayload>(SUBJECTS.forumReplyCreated, discussion.id);
    expect(event!.payload).toMatchObject({
      replyId: reply.id,
      discussionTitle: discussion.title,
      accessLevel: 'Journeyman',
      authorId: replier.id,
      authorName: 'Rita Replier',
      discussionAuthorId: author.id,
      excerpt: 'Here is **my** answer',
    });
    expect(event!.payload.notifyUserIds).toEqual([author.id, watcher.id].sort());

    await forum.call(routes.createReply, {
      token: author.token,
      params: { id: discussion.id },
      body: { content: 'Thanks' },
    });
    await events.waitUntil(() => eventsFor(SUBJECTS.forumReplyCreated, discussion.id).length === 2);
    expect(eventsFor<ReplyCreatedPayload>(SUBJECTS.forumReplyCreated, discussion.id)[1]!.payload.notifyUserIds).toEqual(
      [watcher.id, replier.id].sort(),
    );
  });
});

describe('mentions', () => {
  it('records and announces each member a post mentions, by picked id or typed e-mail, once, and only those who may see it', async () => {
    const picked = await forum.member('Core', { firstName: 'Pia' });
    const typed = await forum.member('Journeyman', { email: `typed.${uniqueTag()}@it.crucible.test` });
    const unseeing = await forum.member('Apprentice');
    const content = `Hey @[Pia](${picked.id}), @${typed.email} and @[Low](${unseeing.id}); again @[Pia](${picked.id}), and me @[Me](${author.id})`;
    const discussion = await createDiscussion({ content });
    expect(discussion.contentHtml).toContain(`<a href="/profile/${picked.id}"`);

    await events.waitUntil(() => eventsFor(SUBJECTS.forumMentionCreated, discussion.id).length === 2);
    const mentions = eventsFor<MentionCreatedPayload>(SUBJECTS.forumMentionCreated, discussion.id).map(
      (event) => event.payload,
    );
    expect(mentions.map((mention) => mention.mentionedUserId).sort()).toEqual([picked.id, typed.id].sort());
    expect(mentions[0]).toMatchObject({
      mentionedBy: author.id,
      mentionedByName: 'Ada Author',
      discussionTitle: discussion.title,
      replyId: null,
      context: expect.stringContaining('Hey @Pia'),
    });
    const stored = await forum.sql<{ mentioned_user_id: string }>(
      'SELECT mentioned_user_id FROM mentions WHERE discussion_id = $1',
      [discussion.id],
    );
    expect(stored).toHaveLength(2);

    // Editing adds only the newly mentioned.
    const late = await forum.member('Master');
    await forum.call(routes.updateDiscussion, {
      token: author.token,
      params: { id: discussion.id },
      body: { content: `${content} and @[Late](${late.id})` },
    });
    await events.waitUntil(() => eventsFor(SUBJECTS.forumMentionCreated, discussion.id).length === 3);

    const reply = await forum.call(routes.createReply, {
      token: typed.token,
      params: { id: discussion.id },
      body: { content: `Agreed @[Pia](${picked.id})` },
    });
    await events.waitUntil(() => eventsFor(SUBJECTS.forumMentionCreated, discussion.id).length === 4);
    expect(eventsFor<MentionCreatedPayload>(SUBJECTS.forumMentionCreated, discussion.id).at(-1)!.payload).toMatchObject(
      { mentionedUserId: picked.id, replyId: reply.id, mentionedBy: typed.id },
    );
  });
});
