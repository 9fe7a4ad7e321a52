/** Watching discussions and the events the realtime service turns into notifications: replies and mentions. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SUBJECTS,
  type DiscussionDetail,
  type EventEnvelope,
  type MentionCreatedPayload,
  type ReplyCreatedPayload,
  type WatchedDiscussion,
} from '@crucible/proto';
import {
  startForumHarness,
  uniqueTag,
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

async function createDiscussion(fields: Record<string, unknown> = {}): Promise<DiscussionDetail> {
  return forum.call<DiscussionDetail>('/api/discussions', {
    token: author.token,
    json: { title: `Watched ${run} ${uniqueTag()}`, content: 'Body', category: 'Journeyman', ...fields },
    expect: 201,
  });
}

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
    await forum.call(`/api/discussions/${first.id}/watch`, { token: watcher.token, method: 'POST' });
    const again = await forum.call<{ watched: boolean }>(`/api/discussions/${second.id}/watch`, {
      token: watcher.token,
      method: 'POST',
    });
    expect(again.watched).toBe(true);
    await forum.call(`/api/discussions/${second.id}/watch`, { token: watcher.token, method: 'POST' });
    expect(
      (await forum.call<DiscussionDetail>(`/api/discussions/${first.id}`, { token: watcher.token })).isWatched,
    ).toBe(true);

    const watched = await forum.call<WatchedDiscussion[]>(`/api/users/${watcher.id}/watched`, { token: watcher.token });
    expect(watched.map((item) => item.id)).toEqual([second.id, first.id]);
    expect(watched[0]).toMatchObject({
      title: second.title,
      watchedAt: expect.any(String),
      author: { firstName: 'Ada' },
    });
    const firstOnly = await forum.request(`/api/users/${watcher.id}/watched?limit=1`, { token: watcher.token });
    expect(((await firstOnly.json()) as WatchedDiscussion[]).map((item) => item.id)).toEqual([second.id]);
    expect(firstOnly.headers.get('x-next-cursor')).toBeTruthy();

    await forum.call(`/api/discussions/${second.id}/watch`, { method: 'DELETE', token: watcher.token, expect: 204 });
    expect(
      (await forum.call<WatchedDiscussion[]>(`/api/users/${watcher.id}/watched`, { token: watcher.token })).map(
        (item) => item.id,
      ),
    ).toEqual([first.id]);
  });

  it('keeps watched lists private to their member (and admins) and to what the viewer may see', async () => {
    const watcher = await forum.member('Journeyman');
    const discussion = await createDiscussion();
    await forum.call(`/api/discussions/${discussion.id}/watch`, { token: watcher.token, method: 'POST' });
    expect((await forum.request(`/api/users/${watcher.id}/watched`, { token: author.token })).status).toBe(403);
    const admin = await forum.member('Admin');
    expect(
      (await forum.call<WatchedDiscussion[]>(`/api/users/${watcher.id}/watched`, { token: admin.token })).map(
        (item) => item.id,
      ),
    ).toEqual([discussion.id]);
    forum.setLevel(watcher, 'Apprentice');
    expect(await forum.call(`/api/users/${watcher.id}/watched`, { token: watcher.token })).toEqual([]);
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
    for (const member of [watcher, demoted, replier])
      await forum.call(`/api/discussions/${discussion.id}/watch`, { token: member.token, method: 'POST' });
    await forum.sql(`UPDATE users SET access_level = 'Apprentice' WHERE id = $1`, [demoted.id]);

    const reply = await forum.call<{ id: string }>(`/api/discussions/${discussion.id}/replies`, {
      token: replier.token,
      json: { content: 'Here is **my** answer' },
      expect: 201,
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

    await forum.call(`/api/discussions/${discussion.id}/replies`, {
      token: author.token,
      json: { content: 'Thanks' },
      expect: 201,
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
    await forum.call(`/api/discussions/${discussion.id}`, {
      method: 'PATCH',
      token: author.token,
      json: { content: `${content} and @[Late](${late.id})` },
    });
    await events.waitUntil(() => eventsFor(SUBJECTS.forumMentionCreated, discussion.id).length === 3);

    const reply = await forum.call<{ id: string }>(`/api/discussions/${discussion.id}/replies`, {
      token: typed.token,
      json: { content: `Agreed @[Pia](${picked.id})` },
      expect: 201,
    });
    await events.waitUntil(() => eventsFor(SUBJECTS.forumMentionCreated, discussion.id).length === 4);
    expect(eventsFor<MentionCreatedPayload>(SUBJECTS.forumMentionCreated, discussion.id).at(-1)!.payload).toMatchObject(
      { mentionedUserId: picked.id, replyId: reply.id, mentionedBy: typed.id },
    );
  });
});
