/** Forum moderators and admins against the real service: grants, and locking, pinning, hiding and deleting within a scope. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FORUM_MESSAGES,
  SUBJECTS,
  forumRoutes as routes,
  type AdminActionPayload,
  type DiscussionDetail,
  type ForumCategory,
} from '@crucible/proto';
import { startForumHarness, uniqueTag, type BodyOf, type ForumHarness, type Member } from './testing/forum-harness.ts';

let forum: ForumHarness;
let admin: Member;
let author: Member;
let member: Member;

beforeAll(async () => {
  forum = await startForumHarness();
  admin = await forum.member('Admin');
  author = await forum.member('Master');
  member = await forum.member('Master');
});

afterAll(async () => {
  await forum?.stop();
});

function createDiscussion(fields: Partial<BodyOf<typeof routes.createDiscussion>> = {}) {
  return forum.call(routes.createDiscussion, {
    token: author.token,
    body: { title: `Moderated ${uniqueTag()}`, content: 'Body', category: 'Journeyman', ...fields },
  });
}

function grant(fields: BodyOf<typeof routes.grantModerator>) {
  return forum.call(routes.grantModerator, { token: admin.token, body: fields });
}

function createTopic(name: string, category: ForumCategory) {
  return forum.call(routes.createTopic, { token: admin.token, body: { name, category } });
}

const patch = (who: Member, discussionId: string, json: Record<string, unknown>) =>
  forum.request(`/api/discussions/${discussionId}`, { method: 'PATCH', token: who.token, json });

describe('granting moderators', () => {
  it('lets admins grant all-forum, category and topic moderation, list and revoke it', async () => {
    const moderator = await forum.member('Core', { firstName: 'Mo', lastName: 'Derator' });
    const topic = await createTopic(`Mods ${uniqueTag()}`, 'Apprentice');
    const everywhere = await grant({ userId: moderator.id });
    const category = await grant({ userId: moderator.id, category: 'Journeyman' });
    const inTopic = await grant({ userId: moderator.id, subcategoryId: topic.id });
    expect(everywhere).toMatchObject({
      userId: moderator.id,
      category: null,
      subcategoryId: null,
      grantedBy: admin.id,
      isActive: true,
      user: { firstName: 'Mo', lastName: 'Derator', email: moderator.email },
    });
    expect(category.category).toBe('Journeyman');
    expect(inTopic.subcategoryId).toBe(topic.id);

    const listed = await forum.call(routes.listModerators, { token: admin.token });
    expect(listed.filter((item) => item.userId === moderator.id)).toHaveLength(3);
    expect(
      (await forum.request('/api/forum-moderators', { token: admin.token, json: { userId: moderator.id } })).status,
    ).toBe(409);
    expect(
      (await forum.request(`/api/forum-moderators/${category.id}`, { method: 'DELETE', token: admin.token })).status,
    ).toBe(204);
    expect(
      (await forum.request(`/api/forum-moderators/${category.id}`, { method: 'DELETE', token: admin.token })).status,
    ).toBe(404);
  });

  it('refuses members, unknown users and a scope of both a category and a topic', async () => {
    expect((await forum.request('/api/forum-moderators', { token: member.token })).status).toBe(403);
    expect(
      (await forum.request('/api/forum-moderators', { token: member.token, json: { userId: member.id } })).status,
    ).toBe(403);
    expect(
      (await forum.request('/api/forum-moderators', { token: admin.token, json: { userId: crypto.randomUUID() } }))
        .status,
    ).toBe(404);
    const missingUser = await forum.request('/api/forum-moderators', { token: admin.token, json: {} });
    expect(await missingUser.json()).toMatchObject({ message: FORUM_MESSAGES.moderatorUserRequired });
    const both = await forum.request('/api/forum-moderators', {
      token: admin.token,
      json: { userId: member.id, category: 'Core', subcategoryId: crypto.randomUUID() },
    });
    expect(await both.json()).toMatchObject({ message: FORUM_MESSAGES.moderatorScope });
  });
});

describe('locking', () => {
  it('refuses replies to a locked discussion with 403, except from its moderators, until unlocked', async () => {
    const discussion = await createDiscussion();
    expect((await patch(member, discussion.id, { isLocked: true })).status).toBe(403);
    const locked = await patch(admin, discussion.id, { isLocked: true, moderationReason: 'Cooling off' });
    expect(await locked.json()).toMatchObject({ isLocked: true });

    const refused = await forum.request(`/api/discussions/${discussion.id}/replies`, {
      token: member.token,
      json: { content: 'Let me in' },
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ message: FORUM_MESSAGES.discussionLocked });
    expect(
      (
        await forum.request(`/api/discussions/${discussion.id}`, {
          method: 'PATCH',
          token: author.token,
          json: { content: 'edit' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await forum.request(`/api/discussions/${discussion.id}/replies`, {
          token: admin.token,
          json: { content: 'Moderator note' },
        })
      ).status,
    ).toBe(201);

    await patch(admin, discussion.id, { isLocked: false });
    expect(
      (
        await forum.request(`/api/discussions/${discussion.id}/replies`, {
          token: member.token,
          json: { content: 'Thanks' },
        })
      ).status,
    ).toBe(201);
  });
});

describe('moderator scope', () => {
  it('lets a category moderator lock, pin, hide and delete in their forum only', async () => {
    const moderator = await forum.member('Master');
    await grant({ userId: moderator.id, category: 'Journeyman' });
    const inForum = await createDiscussion({ category: 'Journeyman' });
    const elsewhere = await createDiscussion({ category: 'Apprentice' });
    for (const change of [{ isLocked: true }, { isPinned: true }, { isHidden: true }, { isHidden: false }]) {
      expect((await patch(moderator, inForum.id, change)).status, JSON.stringify(change)).toBe(200);
      expect((await patch(moderator, elsewhere.id, change)).status, JSON.stringify(change)).toBe(403);
    }
    expect(
      (await forum.request(`/api/discussions/${elsewhere.id}`, { method: 'DELETE', token: moderator.token })).status,
    ).toBe(403);
    expect(
      (
        await forum.request(`/api/discussions/${inForum.id}`, {
          method: 'DELETE',
          token: moderator.token,
          json: { reason: 'Off topic' },
        })
      ).status,
    ).toBe(204);
  });

  it('lets a topic moderator act in that topic only', async () => {
    const moderator = await forum.member('Journeyman');
    const topic = await createTopic(`Scoped ${uniqueTag()}`, 'Journeyman');
    await grant({ userId: moderator.id, subcategoryId: topic.id });
    const inTopic = await createDiscussion({ subcategoryId: topic.id });
    const outside = await createDiscussion({ category: 'Journeyman' });
    expect((await patch(moderator, inTopic.id, { isPinned: true })).status).toBe(200);
    expect((await patch(moderator, outside.id, { isPinned: true })).status).toBe(403);
  });

  it('gives an all-forum moderator no sight above their own level', async () => {
    const moderator = await forum.member('Journeyman');
    await grant({ userId: moderator.id });
    const above = await createDiscussion({ category: 'Master' });
    expect((await patch(moderator, above.id, { isLocked: true })).status).toBe(404);
    const within = await createDiscussion({ category: 'Apprentice' });
    expect((await patch(moderator, within.id, { isLocked: true })).status).toBe(200);
  });

  it('refuses a topic moderator locking or moving a discussion of another topic', async () => {
    const moderator = await forum.member('Journeyman');
    const mine = await createTopic(`Mine ${uniqueTag()}`, 'Journeyman');
    const other = await createTopic(`Other ${uniqueTag()}`, 'Journeyman');
    await grant({ userId: moderator.id, subcategoryId: mine.id });
    const elsewhere = await createDiscussion({ subcategoryId: other.id });
    const locked = await patch(moderator, elsewhere.id, { isLocked: true });
    expect(locked.status).toBe(403);
    expect(await locked.json()).toMatchObject({ message: FORUM_MESSAGES.moderatorsOnly });
    const inMine = await createDiscussion({ subcategoryId: mine.id });
    const moved = await patch(moderator, inMine.id, { subcategoryId: other.id });
    expect(moved.status).toBe(403);
    expect(await moved.json()).toMatchObject({ message: FORUM_MESSAGES.moveTopicOutOfScope });
  });
});

describe('hiding', () => {
  it('hides a discussion from members and lists (404), keeps it for its author and moderators, and recounts its topic', async () => {
    const topic = await createTopic(`Hidden ${uniqueTag()}`, 'Journeyman');
    const discussion = await createDiscussion({ subcategoryId: topic.id });
    const topicCount = async () =>
      (await forum.call(routes.getTopic, { token: member.token, params: { id: topic.id } })).discussionCount;
    expect(await topicCount()).toBe(1);

    const hidden = (await (
      await patch(admin, discussion.id, { isHidden: true, moderationReason: 'Spam' })
    ).json()) as DiscussionDetail;
    expect(hidden.isHidden).toBe(true);
    expect((await forum.request(`/api/discussions/${discussion.id}`, { token: member.token })).status).toBe(404);
    expect((await forum.request(`/api/discussions/${discussion.id}`, { token: author.token })).status).toBe(200);
    const listed = await forum.call(routes.listDiscussions, {
      token: member.token,
      query: { subcategoryId: topic.id },
    });
    expect(listed).toEqual([]);
    expect(await topicCount()).toBe(0);
    const forModerators = await forum.call(routes.listDiscussions, {
      token: admin.token,
      query: { subcategoryId: topic.id, includeHidden: 'true' },
    });
    expect(forModerators.map((item) => item.id)).toEqual([discussion.id]);
    const askedByMember = await forum.call(routes.listDiscussions, {
      token: member.token,
      query: { subcategoryId: topic.id, includeHidden: 'true' },
    });
    expect(askedByMember).toEqual([]);

    await patch(admin, discussion.id, { isHidden: false });
    expect(await topicCount()).toBe(1);
    expect((await forum.request(`/api/discussions/${discussion.id}`, { token: member.token })).status).toBe(200);
  });

  it('hides a reply from the list and the count; moderators delete others’ replies', async () => {
    const discussion = await createDiscussion();
    const kept = await forum.call(routes.createReply, {
      token: member.token,
      params: { id: discussion.id },
      body: { content: 'fine' },
    });
    const spam = await forum.call(routes.createReply, {
      token: member.token,
      params: { id: discussion.id },
      body: { content: 'spam' },
    });
    expect(
      (
        await forum.request(`/api/discussions/${discussion.id}/replies/${spam.id}`, {
          method: 'PATCH',
          token: author.token,
          json: { isHidden: true },
        })
      ).status,
    ).toBe(403);
    await forum.call(routes.updateReply, {
      token: admin.token,
      params: { id: discussion.id, replyId: spam.id },
      body: { isHidden: true },
    });

    const seen = await forum.call(routes.listReplies, { token: author.token, params: { id: discussion.id } });
    expect(seen.map((item) => item.id)).toEqual([kept.id]);
    const moderatorView = await forum.call(routes.listReplies, {
      token: admin.token,
      params: { id: discussion.id },
      query: { includeHidden: 'true' },
    });
    expect(moderatorView.map((item) => [item.id, item.isHidden])).toEqual([
      [kept.id, false],
      [spam.id, true],
    ]);
    const detail = await forum.call(routes.getDiscussion, { token: author.token, params: { id: discussion.id } });
    expect(detail.replyCount).toBe(1);

    await forum.call(routes.deleteReply, {
      token: admin.token,
      params: { id: discussion.id, replyId: spam.id },
      body: { reason: 'Spam' },
    });
    await forum.call(routes.deleteReply, {
      token: admin.token,
      params: { id: discussion.id, replyId: kept.id },
      body: { reason: 'Cleanup' },
    });
    expect(
      await forum.call(routes.getDiscussion, { token: author.token, params: { id: discussion.id } }),
    ).toMatchObject({ replyCount: 0, lastReplyAuthor: null, lastReplyTimestamp: null });
  });
});

describe('the audit trail of moderation', () => {
  it('publishes each moderation action and moderator grant with who, target, IP and user agent', async () => {
    const moderator = await forum.member('Core');
    const events = await forum.collectEvents(
      [SUBJECTS.forumAdminAction],
      (event) => (event.payload as { userAgent?: string }).userAgent === 'moderation-audit/1.0',
    );
    try {
      const headers = { 'user-agent': 'moderation-audit/1.0' };
      const granted = await forum.call(routes.grantModerator, {
        token: admin.token,
        body: { userId: moderator.id, category: 'Journeyman' },
        headers,
      });
      const discussion = await createDiscussion();
      await forum.call(routes.updateDiscussion, {
        token: admin.token,
        params: { id: discussion.id },
        body: { isLocked: true, isPinned: true, moderationReason: 'flame war' },
        headers,
      });
      await forum.call(routes.deleteDiscussion, {
        token: admin.token,
        params: { id: discussion.id },
        body: { reason: 'Flame war' },
        headers,
      });
      await forum.call(routes.revokeModerator, { token: admin.token, params: { id: granted.id }, headers });

      const received = await events.waitUntil((all) => all.length >= 4, 15_000);
      const payloads = received.map((event) => event.payload as AdminActionPayload);
      expect(
        payloads.map((payload) => [payload.actionType, payload.targetUserId, (payload.details ?? {}).action ?? null]),
      ).toEqual([
        ['moderator_grant', moderator.id, null],
        ['forum_moderation', author.id, 'lock, pin'],
        ['forum_moderation', author.id, 'delete'],
        ['moderator_revoke', moderator.id, null],
      ]);
      expect(payloads[1]).toMatchObject({
        userAgent: 'moderation-audit/1.0',
        ipAddress: expect.any(String),
        sessionId: expect.any(String),
        details: { discussionId: discussion.id, reason: 'flame war' },
      });
    } finally {
      await events.stop();
    }
  });
});
