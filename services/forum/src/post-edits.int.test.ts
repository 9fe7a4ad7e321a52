/**
 * Editing and deleting posts against the real service: who may edit (author, moderator in scope,
 * admin), the revisions kept, locked discussions, deleted replies left as placeholders, moderators'
 * deletions with a reason told to the author, a starter watching their own discussion, and moves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FORUM_MESSAGES,
  SUBJECTS,
  forumRoutes as routes,
  type AdminActionPayload,
  type DiscussionDetail,
  type ForumCategory,
  type PostRemovedPayload,
  type Subcategory,
} from '@crucible/proto';
import { startForumHarness, uniqueTag, type BodyOf, type ForumHarness, type Member } from './testing/forum-harness.ts';

let forum: ForumHarness;
let admin: Member;
let master: Member;
let journeyman: Member;

beforeAll(async () => {
  forum = await startForumHarness();
  admin = await forum.member('Admin');
  master = await forum.member('Master', { firstName: 'Lena', lastName: 'Master' });
  journeyman = await forum.member('Journeyman');
});

afterAll(async () => {
  await forum?.stop();
});

function startDiscussion(who: Member, fields: Partial<BodyOf<typeof routes.createDiscussion>> = {}) {
  return forum.call(routes.createDiscussion, {
    token: who.token,
    body: { title: `Edits ${uniqueTag()}`, content: 'First version', category: 'Journeyman', ...fields },
  });
}

const reply = (who: Member, discussionId: string, content: string) =>
  forum.call(routes.createReply, { token: who.token, params: { id: discussionId }, body: { content } });

const patchDiscussion = (who: Member, id: string, json: Record<string, unknown>) =>
  forum.request(`/api/discussions/${id}`, { method: 'PATCH', token: who.token, json });

const patchReply = (who: Member, discussionId: string, replyId: string, json: Record<string, unknown>) =>
  forum.request(`/api/discussions/${discussionId}/replies/${replyId}`, { method: 'PATCH', token: who.token, json });

const grant = (fields: BodyOf<typeof routes.grantModerator>) =>
  forum.call(routes.grantModerator, { token: admin.token, body: fields });

const createTopic = (name: string, category: ForumCategory) =>
  forum.call(routes.createTopic, { token: admin.token, body: { name, category } });

describe('editing', () => {
  it("marks an author's edit with its time and keeps the replaced version for moderators and admins only", async () => {
    const discussion = await startDiscussion(journeyman);
    expect(discussion.editedAt).toBeNull();
    const edited = await patchDiscussion(journeyman, discussion.id, { title: 'Better title', content: 'Second' });
    expect(edited.status).toBe(200);
    const after = (await edited.json()) as DiscussionDetail;
    expect(after).toMatchObject({ title: 'Better title', content: 'Second' });
    expect(after.editedAt).toEqual(expect.any(String));

    const answer = await reply(master, discussion.id, 'Reply v1');
    expect((await patchReply(master, discussion.id, answer.id, { content: 'Reply v2' })).status).toBe(200);

    const moderator = await forum.member('Master');
    await grant({ userId: moderator.id, category: 'Journeyman' });
    const revisions = await forum.call(routes.listDiscussionRevisions, {
      token: moderator.token,
      params: { id: discussion.id },
    });
    expect(revisions.map((revision) => [revision.title, revision.content])).toEqual([
      [discussion.title, 'First version'],
    ]);
    expect(revisions[0]!.editedBy?.id).toBe(journeyman.id);
    const replyRevisions = await forum.call(routes.listReplyRevisions, {
      token: admin.token,
      params: { id: discussion.id, replyId: answer.id },
    });
    expect(replyRevisions.map((revision) => revision.content)).toEqual(['Reply v1']);
    expect(replyRevisions[0]!.contentHtml).toContain('Reply v1');

    const refused = await forum.request(`/api/discussions/${discussion.id}/revisions`, { token: journeyman.token });
    expect(refused.status).toBe(403);
    const detail = await forum.call(routes.getDiscussion, { token: moderator.token, params: { id: discussion.id } });
    expect(detail.canModerate).toBe(true);
    const asAuthor = await forum.call(routes.getDiscussion, { token: journeyman.token, params: { id: discussion.id } });
    expect(asAuthor.canModerate).toBe(false);
  });

  it("refuses a Journeyman editing a Master's reply and lets an admin edit it (audited as an edit)", async () => {
    const discussion = await startDiscussion(journeyman);
    const answer = await reply(master, discussion.id, 'Written by a Master');
    const refused = await patchReply(journeyman, discussion.id, answer.id, { content: 'Rewritten' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ message: FORUM_MESSAGES.notYourPost });
    expect((await patchDiscussion(master, discussion.id, { content: 'Not mine' })).status).toBe(403);

    const events = await forum.collectEvents(
      [SUBJECTS.forumAdminAction],
      (event) => (event.payload as AdminActionPayload).details?.replyId === answer.id,
    );
    try {
      expect((await patchReply(admin, discussion.id, answer.id, { content: 'Fixed a link' })).status).toBe(200);
      const [event] = await events.waitUntil((all) => all.length >= 1, 15_000);
      expect(event!.payload).toMatchObject({ adminId: admin.id, targetUserId: master.id, details: { action: 'edit' } });
    } finally {
      await events.stop();
    }
  });

  it("refuses members' edits of a locked discussion and its replies, and takes its moderators'", async () => {
    const discussion = await startDiscussion(journeyman);
    const answer = await reply(journeyman, discussion.id, 'Before the lock');
    expect((await patchDiscussion(admin, discussion.id, { isLocked: true })).status).toBe(200);
    const refused = await patchDiscussion(journeyman, discussion.id, { content: 'After the lock' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ message: FORUM_MESSAGES.discussionLocked });
    const replyRefused = await patchReply(journeyman, discussion.id, answer.id, { content: 'After the lock' });
    expect(await replyRefused.json()).toMatchObject({ message: FORUM_MESSAGES.discussionLocked });
    expect((await patchDiscussion(admin, discussion.id, { content: 'Moderator note' })).status).toBe(200);
  });
});

describe('deleting', () => {
  it('leaves a deleted reply as a placeholder without its text, counted out, not editable', async () => {
    const discussion = await startDiscussion(journeyman);
    const gone = await reply(master, discussion.id, 'secretword to forget');
    const kept = await reply(journeyman, discussion.id, 'stays');
    await forum.call(routes.deleteReply, {
      token: master.token,
      params: { id: discussion.id, replyId: gone.id },
      body: {},
    });
    const replies = await forum.call(routes.listReplies, { token: journeyman.token, params: { id: discussion.id } });
    expect(replies.map((item) => [item.id, item.isDeleted, item.content, item.contentHtml])).toEqual([
      [gone.id, true, '', ''],
      [kept.id, false, 'stays', expect.stringContaining('stays')],
    ]);
    const detail = await forum.call(routes.getDiscussion, { token: master.token, params: { id: discussion.id } });
    expect(detail.replyCount).toBe(1);
    expect((await patchReply(master, discussion.id, gone.id, { content: 'back' })).status).toBe(404);
    const found = await forum.call(routes.search, { token: master.token, query: { query: 'secretword' } });
    expect(found.items).toEqual([]);
  });

  it("needs a reason from a moderator deleting another member's post, tells the author and audits it", async () => {
    const discussion = await startDiscussion(journeyman);
    const answer = await reply(master, discussion.id, 'Off topic');
    const url = `/api/discussions/${discussion.id}/replies/${answer.id}`;
    expect((await forum.request(url, { method: 'DELETE', token: journeyman.token })).status).toBe(403);
    const noReason = await forum.request(url, { method: 'DELETE', token: admin.token });
    expect(noReason.status).toBe(400);
    expect(await noReason.json()).toMatchObject({ message: FORUM_MESSAGES.deleteReasonRequired });

    const events = await forum.collectEvents(
      [SUBJECTS.forumPostRemoved, SUBJECTS.forumAdminAction],
      (event) =>
        (event.payload as { discussionId?: string; details?: { discussionId?: string } }).discussionId ===
          discussion.id || (event.payload as AdminActionPayload).details?.discussionId === discussion.id,
    );
    try {
      await forum.call(routes.deleteReply, {
        token: admin.token,
        params: { id: discussion.id, replyId: answer.id },
        body: { reason: 'Not on topic' },
      });
      await forum.call(routes.deleteDiscussion, {
        token: admin.token,
        params: { id: discussion.id },
        body: { reason: 'Duplicate' },
      });
      const received = await events.waitUntil((all) => all.length >= 4, 15_000);
      const removed = received
        .filter((event) => event.subject === SUBJECTS.forumPostRemoved)
        .map((event) => event.payload as PostRemovedPayload);
      expect(removed.map((payload) => [payload.authorId, payload.replyId, payload.reason])).toEqual([
        [master.id, answer.id, 'Not on topic'],
        [journeyman.id, null, 'Duplicate'],
      ]);
      const audited = received
        .filter((event) => event.subject === SUBJECTS.forumAdminAction)
        .map((event) => (event.payload as AdminActionPayload).details);
      expect(audited).toEqual([
        expect.objectContaining({ action: 'delete', replyId: answer.id, reason: 'Not on topic' }),
        expect.objectContaining({ action: 'delete', discussionId: discussion.id, reason: 'Duplicate' }),
      ]);
    } finally {
      await events.stop();
    }
    const listed = await forum.call(routes.listDiscussions, {
      token: journeyman.token,
      query: { category: 'Journeyman', limit: 100 },
    });
    expect(listed.map((item) => item.id)).not.toContain(discussion.id);
  });
});

describe('watching and moving', () => {
  it('has a starter watch their own discussion from the start', async () => {
    const discussion = await startDiscussion(journeyman);
    expect(discussion.isWatched).toBe(true);
    const watched = await forum.call(routes.listWatched, { token: journeyman.token, params: { id: journeyman.id } });
    expect(watched.map((item) => item.id)).toContain(discussion.id);
  });

  it('moves a discussion to another topic its moderator moderates, with its counts and level', async () => {
    const moderator = await forum.member('Master');
    const from = await createTopic(`From ${uniqueTag()}`, 'Journeyman');
    const to = await createTopic(`To ${uniqueTag()}`, 'Master');
    await grant({ userId: moderator.id, subcategoryId: from.id });
    await grant({ userId: moderator.id, category: 'Master' });
    const discussion = await startDiscussion(journeyman, { subcategoryId: from.id });
    const moved = await patchDiscussion(moderator, discussion.id, { subcategoryId: to.id, moderationReason: 'Fits' });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ subcategoryId: to.id, category: 'Master', accessLevel: 'Master' });
    const count = async (topic: Subcategory) =>
      (await forum.call(routes.getTopic, { token: admin.token, params: { id: topic.id } })).discussionCount;
    expect([await count(from), await count(to)]).toEqual([0, 1]);
    // Now a Master discussion: out of the Journeyman author's sight.
    expect((await forum.request(`/api/discussions/${discussion.id}`, { token: journeyman.token })).status).toBe(404);
  });
});

describe('what is new since the last visit', () => {
  it("counts others' replies after the member's last visit in lists and dates the visit on the page", async () => {
    const discussion = await startDiscussion(journeyman);
    await reply(master, discussion.id, 'Before the visit');
    const detail = (id: string) => forum.call(routes.getDiscussion, { token: journeyman.token, params: { id } });
    expect((await detail(discussion.id)).lastVisitedAt).toBeNull();
    await forum.call(routes.recordVisit, { token: journeyman.token, params: { id: discussion.id } });
    const visited = (await detail(discussion.id)).lastVisitedAt;
    expect(visited).toEqual(expect.any(String));

    await reply(master, discussion.id, 'After the visit 1');
    await reply(master, discussion.id, 'After the visit 2');
    await reply(journeyman, discussion.id, 'My own is never new to me');
    const listed = await forum.call(routes.listDiscussions, {
      token: journeyman.token,
      query: { authorId: journeyman.id, limit: 100 },
    });
    expect(listed.find((item) => item.id === discussion.id)?.newReplyCount).toBe(2);
    const forOthers = await forum.call(routes.listDiscussions, {
      token: master.token,
      query: { authorId: journeyman.id, limit: 100 },
    });
    expect(forOthers.find((item) => item.id === discussion.id)?.newReplyCount).toBe(0);
    const watched = await forum.call(routes.listWatched, { token: journeyman.token, params: { id: journeyman.id } });
    expect(watched.find((item) => item.id === discussion.id)?.newReplyCount).toBe(2);
  });
});
