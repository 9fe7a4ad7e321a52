/**
 * The SQL migrations and the Prisma schema describe the same tables: the migrations are applied
 * to an empty database and every model is written and read back through the generated client.
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { useMigratedForumDatabase } from './testing/migrated-database.ts';

const forum = useMigratedForumDatabase('forum_schema');

it('applies the migrations twice without change and exercises every model through the generated client', async () => {
  await forum.database.migrate();
  const userId = randomUUID();
  await forum.prisma.user.create({
    data: { id: userId, email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelace', accessLevel: 'Master' },
  });
  const topic = await forum.prisma.subcategory.create({
    data: { name: 'Mentoring', category: 'Master', slug: 'mentoring', accessLevel: 'Master' },
  });
  const discussion = await forum.prisma.discussion.create({
    data: {
      title: 'Hello',
      content: 'World',
      contentHtml: '<p>World</p>',
      category: 'Master',
      accessLevel: 'Master',
      authorId: userId,
      subcategoryId: topic.id,
    },
  });
  const reply = await forum.prisma.reply.create({
    data: {
      discussionId: discussion.id,
      authorId: userId,
      content: 'Hi',
      contentHtml: '<p>Hi</p>',
      category: 'Master',
      accessLevel: 'Master',
    },
  });
  await forum.prisma.vote.create({ data: { userId, discussionId: discussion.id, voteType: 'up' } });
  const poll = await forum.prisma.poll.create({
    data: {
      discussionId: discussion.id,
      question: 'Q?',
      options: {
        create: [
          { text: 'A', position: 0 },
          { text: 'B', position: 1 },
        ],
      },
    },
    include: { options: true },
  });
  await forum.prisma.pollVote.create({ data: { pollId: poll.id, optionId: poll.options[0]!.id, userId } });
  await forum.prisma.forumModerator.create({ data: { userId, category: 'Master' } });
  const tag = await forum.prisma.tag.create({ data: { name: 'leadership' } });
  await forum.prisma.discussionTag.create({ data: { discussionId: discussion.id, tagId: tag.id } });
  await forum.prisma.mention.create({
    data: {
      mentionedUserId: userId,
      mentionedBy: userId,
      discussionId: discussion.id,
      replyId: reply.id,
      context: 'Hi',
    },
  });
  await forum.prisma.attachment.create({
    data: {
      fileName: 'a.png',
      originalName: 'a.png',
      fileSize: 3,
      mimeType: 'image/png',
      type: 'image',
      filePath: `attachments/${userId}/${randomUUID()}`,
      publicUrl: '/x',
      replyId: reply.id,
      uploadedBy: userId,
    },
  });
  await forum.prisma.watchedDiscussion.create({ data: { userId, discussionId: discussion.id } });
  await forum.prisma.postReport.create({
    data: { reporterId: randomUUID(), discussionId: discussion.id, replyId: reply.id, reportType: 'spam' },
  });
  await forum.prisma.postRevision.create({
    data: {
      id: randomUUID(),
      discussionId: discussion.id,
      replyId: reply.id,
      content: 'Hi v0',
      contentFormat: 'markdown',
      editedBy: userId,
    },
  });
  await forum.prisma.discussionVisit.create({ data: { userId, discussionId: discussion.id, lastSeenAt: new Date() } });
  const uploadId = randomUUID();
  await forum.prisma.attachmentUpload.create({
    data: {
      filePath: `attachments/${userId}/${uploadId}`,
      uploadKey: `uploads/${userId}/${uploadId}`,
      uploadedBy: userId,
      declaredBytes: 3,
      expiresAt: new Date(),
    },
  });
  expect(
    await forum.prisma.attachmentUpload.findUniqueOrThrow({ where: { uploadKey: `uploads/${userId}/${uploadId}` } }),
  ).toMatchObject({ declaredBytes: 3, recordedAt: null });

  const loaded = await forum.prisma.discussion.findUniqueOrThrow({
    where: { id: discussion.id },
    include: {
      replies: { include: { attachments: true, mentions: true } },
      votes: true,
      poll: { include: { options: true, votes: true } },
      tags: { include: { tag: true } },
      watchers: true,
      revisions: true,
      visits: true,
      subcategory: { include: { moderators: true } },
    },
  });
  expect(loaded).toMatchObject({
    contentFormat: 'markdown',
    discussionType: 'discussion',
    minAccessLevel: 'Public',
    isApproved: true,
    replyCount: 0,
  });
  expect(loaded.replies[0]!.attachments).toHaveLength(1);
  expect(loaded.revisions.map((revision) => [revision.replyId, revision.content])).toEqual([[reply.id, 'Hi v0']]);
  expect(loaded.visits).toHaveLength(1);
  expect(loaded.poll!.options.map((option) => option.voteCount)).toEqual([0, 0]);
  expect(loaded.tags[0]!.tag).toMatchObject({ name: 'leadership', color: '#FFD700' });
  expect(await forum.prisma.forumModerator.count({ where: { userId, isActive: true } })).toBe(1);
  const [search] = await forum.database.pool
    .query<{ matches: boolean }>(
      `SELECT search @@ to_tsquery('english', 'world') AS matches FROM discussions WHERE id = $1`,
      [discussion.id],
    )
    .then((result) => result.rows);
  expect(search?.matches).toBe(true);

  await forum.prisma.discussion.delete({ where: { id: discussion.id } });
  expect(await forum.prisma.reply.count()).toBe(0);
  expect(await forum.prisma.attachment.count()).toBe(0);
  expect(await forum.prisma.subcategory.count()).toBe(1);
});
