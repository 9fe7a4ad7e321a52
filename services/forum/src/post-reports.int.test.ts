/**
 * Reporting a discussion or reply against the real service: who may report what, one report per
 * member per post, the texts of each refusal, and forum.post.reported carrying what the post said.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_MESSAGES,
  FORUM_MESSAGES,
  SUBJECTS,
  forumRoutes as routes,
  type PostReport,
  type PostReportedPayload,
} from '@crucible/proto';
import { startForumHarness, uniqueTag, type ForumHarness, type Member } from './testing/forum-harness.ts';

let forum: ForumHarness;
let author: Member;
let reader: Member;
let apprentice: Member;

beforeAll(async () => {
  forum = await startForumHarness();
  [author, reader, apprentice] = await Promise.all([
    forum.member('Journeyman', { firstName: 'Kwame' }),
    forum.member('Master'),
    forum.member('Apprentice'),
  ]);
});

afterAll(async () => {
  await forum?.stop();
});

async function discussionWithReply() {
  const discussion = await forum.call(routes.createDiscussion, {
    token: author.token,
    body: { title: `Reports ${uniqueTag()}`, content: 'A post to report', category: 'Journeyman' },
  });
  const reply = await forum.call(routes.createReply, {
    token: author.token,
    params: { id: discussion.id },
    body: { content: 'A rude reply' },
  });
  return { discussion, reply };
}

const report = (member: Member, path: string, json: unknown) =>
  forum.request(path, { method: 'POST', token: member.token, json });
async function refusal(response: Response) {
  return { status: response.status, message: ((await response.json()) as { message: string }).message };
}

describe('reporting a post', () => {
  it('takes one report per member per post, refusing a second with 409 and the reason', async () => {
    const { discussion, reply } = await discussionWithReply();
    const replyPath = `/api/discussions/${discussion.id}/replies/${reply.id}/report`;
    const events = await forum.collectEvents(
      [SUBJECTS.forumPostReported],
      (event) => (event.payload as PostReportedPayload).discussionId === discussion.id,
    );
    try {
      const first = await report(reader, replyPath, { reportType: 'harassment', reportReason: '  insults  ' });
      expect(first.status).toBe(201);
      expect((await first.json()) as PostReport).toMatchObject({
        discussionId: discussion.id,
        replyId: reply.id,
        reportType: 'harassment',
        reportReason: 'insults',
      });
      expect(await refusal(await report(reader, replyPath, { reportType: 'spam' }))).toEqual({
        status: 409,
        message: ADMIN_MESSAGES.alreadyReportedPost,
      });
      // The discussion is another post: the same member may report it once too.
      const discussionPath = `/api/discussions/${discussion.id}/report`;
      expect((await report(reader, discussionPath, { reportType: 'spam' })).status).toBe(201);
      expect((await report(reader, discussionPath, { reportType: 'spam' })).status).toBe(409);

      const received = await events.waitUntil((all) => all.length >= 2);
      expect(received.map((event) => event.payload as PostReportedPayload)).toEqual([
        expect.objectContaining({
          replyId: reply.id,
          reporterId: reader.id,
          authorId: author.id,
          content: 'A rude reply',
          discussionTitle: discussion.title,
          reportReason: 'insults',
        }),
        expect.objectContaining({ replyId: null, content: 'A post to report', reportType: 'spam' }),
      ]);
    } finally {
      await events.stop();
    }
  });

  it("refuses one's own post, a post the member may not read, a bad type, and a reply of another discussion", async () => {
    const { discussion, reply } = await discussionWithReply();
    const other = await discussionWithReply();
    expect(
      await refusal(await report(author, `/api/discussions/${discussion.id}/report`, { reportType: 'spam' })),
    ).toEqual({ status: 403, message: ADMIN_MESSAGES.notYourOwnPost });
    expect(
      await refusal(await report(apprentice, `/api/discussions/${discussion.id}/report`, { reportType: 'spam' })),
    ).toEqual({ status: 404, message: FORUM_MESSAGES.discussionNotFound });
    expect(
      await refusal(await report(reader, `/api/discussions/${discussion.id}/report`, { reportType: 'rude' })),
    ).toMatchObject({ status: 400, message: expect.stringContaining(ADMIN_MESSAGES.reportTypeRequired) });
    expect(
      await refusal(
        await report(reader, `/api/discussions/${other.discussion.id}/replies/${reply.id}/report`, {
          reportType: 'spam',
        }),
      ),
    ).toEqual({ status: 404, message: FORUM_MESSAGES.replyNotFound });
    expect((await forum.request(`/api/discussions/${discussion.id}/report`, { method: 'POST', json: {} })).status).toBe(
      401,
    );
  });
});
