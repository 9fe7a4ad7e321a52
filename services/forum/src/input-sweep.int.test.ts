/**
 * No input gives a 500. Every route of the forum's contract gets NUL characters,
 * lone surrogates, forged cursors, non-uuid ids, very long text and wrong types in each of its
 * inputs, sent by an admin (so the deepest code paths run) against real posts, polls and uploads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeKeysetCursor, forumRoutes as routes } from '@crucible/proto';
import { sweepRoutes } from '@crucible/test-kit';
import { startForumHarness, uniqueTag, type ForumHarness, type Member } from './testing/forum-harness.ts';

let forum: ForumHarness;
let admin: Member;
let moderator: Member;

beforeAll(async () => {
  forum = await startForumHarness();
  admin = await forum.member('Admin', { firstName: 'Sweep', lastName: 'Admin' });
  moderator = await forum.member('Master', { firstName: 'Sweep', lastName: 'Moderator' });
});

afterAll(async () => {
  await forum?.stop();
});

describe('the input sweep of the forum', () => {
  it('answers every bad input of every route with a 4xx, never a 5xx', async () => {
    const as = { token: admin.token };
    const topic = await forum.call(routes.createTopic, {
      ...as,
      body: { name: `Sweep ${uniqueTag()}`, category: 'Apprentice' },
    });
    const discussion = await forum.call(routes.createDiscussion, {
      ...as,
      body: {
        title: 'Sweep',
        content: 'Body',
        category: 'Apprentice',
        subcategoryId: topic.id,
        includePoll: true,
        pollQuestion: 'Q?',
        pollOptions: ['a', 'b'],
      },
    });
    const other = await forum.call(routes.createDiscussion, {
      ...as,
      body: { title: 'Sweep 2', content: 'Body', category: 'Apprentice' },
    });
    const reply = await forum.call(routes.createReply, {
      ...as,
      params: { id: discussion.id },
      body: { content: 'A reply' },
    });
    const ticket = await forum.call(routes.requestUpload, {
      ...as,
      body: { fileName: 'notes.txt', mimeType: 'text/plain', fileSize: 5 },
    });
    expect(
      (await fetch(ticket.uploadURL, { method: 'PUT', headers: { 'content-type': ticket.contentType }, body: 'notes' }))
        .status,
    ).toBe(200);
    const attachment = await forum.call(routes.recordAttachment, {
      ...as,
      body: { filePath: ticket.filePath, originalName: 'notes.txt', mimeType: 'text/plain' },
    });
    const grant = await forum.call(routes.grantModerator, {
      ...as,
      body: { userId: moderator.id, category: 'Apprentice' },
    });
    // Someone else's posts, so the admin's votes go past the own-post refusal.
    const votable = await forum.call(routes.createDiscussion, {
      token: moderator.token,
      body: { title: 'Sweep votes', content: 'Body', category: 'Apprentice' },
    });
    const votableReply = await forum.call(routes.createReply, {
      token: moderator.token,
      params: { id: votable.id },
      body: { content: 'A reply to vote on' },
    });
    const validCursor = encodeKeysetCursor({ at: '2024-01-01T00:00:00.000Z', id: reply.id });
    const blobKey = new URL(ticket.uploadURL).pathname.replace(/^\/api\/blobs\//, '');

    const { requests, findings } = await sweepRoutes(routes, {
      baseUrl: forum.url,
      tokenFor: () => admin.token,
      defaultParams: { id: discussion.id },
      samples: {
        listTopics: { query: { category: 'Apprentice', includeInactive: 'true' } },
        getTopic: { params: { id: topic.id } },
        createTopic: {
          body: {
            name: `Sweep topic ${uniqueTag()}`,
            description: 'd',
            category: 'Apprentice',
            color: '#123456',
            minAccessLevel: 'Apprentice',
          },
        },
        listDiscussions: {
          query: {
            category: 'Apprentice',
            subcategoryId: topic.id,
            authorId: admin.id,
            tag: 'x',
            limit: '5',
            before: validCursor,
          },
        },
        createDiscussion: {
          body: {
            title: 'T',
            content: 'C',
            category: 'Apprentice',
            subcategoryId: topic.id,
            tags: ['one'],
            includePoll: true,
            pollQuestion: 'Q?',
            pollOptions: ['a', 'b'],
            attachmentIds: [],
          },
        },
        updateDiscussion: {
          params: { id: other.id },
          body: {
            title: 'T2',
            content: 'C2',
            tags: ['two'],
            isPinned: true,
            subcategoryId: topic.id,
            moderationReason: 'r',
          },
        },
        deleteDiscussion: { params: { id: other.id }, body: { reason: 'r' } },
        listReplies: { query: { limit: '5', after: validCursor, includeHidden: 'true' } },
        createReply: {
          body: {
            content: 'R',
            contentFormat: 'markdown',
            parentReplyId: reply.id,
            quotedReplyId: reply.id,
            attachmentIds: [],
          },
        },
        updateReply: {
          params: { id: discussion.id, replyId: reply.id },
          body: { content: 'R2', moderationReason: 'r' },
        },
        deleteReply: { params: { id: discussion.id, replyId: reply.id }, body: { reason: 'r' } },
        listReplyRevisions: { params: { id: discussion.id, replyId: reply.id } },
        createPoll: {
          params: { id: other.id },
          body: { question: 'Q?', options: ['a', 'b'], expiresAt: '2099-01-01T00:00:00.000Z' },
        },
        voteOnDiscussion: { params: { id: votable.id }, body: { voteType: 'up' } },
        voteOnReply: { params: { id: votable.id, replyId: votableReply.id }, body: { voteType: 'down' } },
        votePoll: { body: { optionId: discussion.poll!.options[0]!.id } },
        attachToDiscussion: { body: { attachmentIds: [attachment.id] } },
        listWatched: { params: { id: admin.id }, query: { limit: '5', before: validCursor } },
        requestUpload: { body: { fileName: 'a.txt', mimeType: 'text/plain', fileSize: 5 } },
        recordAttachment: {
          body: {
            filePath: ticket.filePath,
            originalName: 'notes.txt',
            fileName: 'notes.txt',
            fileSize: 5,
            mimeType: 'text/plain',
            type: 'document',
            discussionId: null,
            replyId: null,
          },
        },
        getAttachment: { params: { id: attachment.id } },
        downloadAttachment: { params: { id: attachment.id } },
        deleteAttachment: { params: { id: attachment.id } },
        grantModerator: { body: { userId: moderator.id, category: 'Journeyman' } },
        revokeModerator: { params: { id: grant.id } },
        search: { query: { query: 'Sweep', category: 'all', sortBy: 'newest', limit: '5', offset: '0' } },
        uploadBlob: { params: { key: blobKey } },
        downloadBlob: { params: { key: blobKey } },
      },
    });
    expect(requests).toBeGreaterThan(1000);
    expect(findings).toEqual([]);
  }, 120_000);

  it('refuses forged cursors on discussion, reply and watched lists with 400 "Invalid cursor"', async () => {
    const forged = ['1', '+275760-09-13T00:00:00.000Z'].flatMap((at) => [at, encodeKeysetCursor({ at, id: admin.id })]);
    const lists = [
      '/api/discussions?before=',
      `/api/discussions/${admin.id}/replies?after=`,
      `/api/users/${admin.id}/watched?before=`,
    ];
    for (const list of lists) {
      for (const cursor of forged) {
        const response = await forum.request(`${list}${encodeURIComponent(cursor)}`, { token: admin.token });
        expect(response.status, `${list}${cursor}`).toBe(400);
        expect(await response.json()).toMatchObject({ message: 'Invalid cursor' });
      }
    }
  });

  it('refuses a NUL in a reply and a lone surrogate in a tag with a 400 naming the field', async () => {
    const discussion = await forum.call(routes.createDiscussion, {
      token: admin.token,
      body: { title: 'Clean', content: 'Body', category: 'Apprentice' },
    });
    const nul = await forum.request(`/api/discussions/${discussion.id}/replies`, {
      token: admin.token,
      json: { content: 'bad\u0000reply' },
    });
    expect(nul.status).toBe(400);
    expect(await nul.json()).toMatchObject({ message: 'content must not contain a NUL character' });
    const surrogate = await forum.request(`/api/discussions/${discussion.id}`, {
      method: 'PATCH',
      token: admin.token,
      json: { tags: ['ok', 'bad\uDC00'] },
    });
    expect(surrogate.status).toBe(400);
    expect(await surrogate.json()).toMatchObject({ message: 'tags.1 must not contain a lone UTF-16 surrogate' });
  });
});
