import { randomUUID } from 'node:crypto';
import {
  FORUM_MESSAGES, SUBJECTS, canSeeForumLevel, forumLevelOf,
  type Reply, type ReplyCreate, type ReplyCreatedPayload, type ReplyListQuery, type ReplyPatch,
} from '@crucible/proto';
import { BadRequestError, ForbiddenError, NotFoundError } from '@crucible/platform';
import { excerptOf, renderContent } from '../content/render.ts';
import { discussionWrites, type DiscussionPlace } from '../repositories/discussions.ts';
import { replyReads, type ReplyPage } from '../repositories/replies.ts';
import { decodeCursor, sqlInTransaction, sqlOnPool } from '../repositories/sql.ts';
import { userReplica } from '../repositories/users.ts';
import type { Viewer } from './access.ts';
import { deleteBlobsLater, linkAttachments } from './attachments.ts';
import { inTransaction, type Emit, type ForumContext, type Tx } from './context.ts';
import { accessTo, requireModerator, visibleDiscussion, type DiscussionAccess } from './discussion-access.ts';
import { authorOf, recordMentions } from './mentions.ts';

export async function listReplies(ctx: ForumContext, viewer: Viewer, discussionId: string, query: ReplyListQuery): Promise<ReplyPage> {
  const sql = sqlOnPool(ctx.pool);
  const after = decodeCursor(query.after);
  if (!query.includeHidden) {
    // The common case in one round trip; the page is dropped unread if the viewer may not see it.
    const { place, page } = await replyReads.pageWithPlace(sql, { discussionId, limit: query.limit, after });
    await accessTo(ctx, viewer, place);
    return page;
  }
  const access = await visibleDiscussion(ctx, viewer, discussionId);
  return replyReads.page(sql, { discussionId, includeHidden: await access.canModerate(), limit: query.limit, after });
}

/** A locked discussion takes replies (and edits) from its moderators only. */
async function requireOpen(access: DiscussionAccess): Promise<void> {
  if (access.place.isLocked && !(await access.canModerate())) throw new ForbiddenError(FORUM_MESSAGES.discussionLocked);
}

async function requireReplyOf(tx: Tx, discussionId: string, replyId: string | null | undefined): Promise<void> {
  if (!replyId) return;
  const reply = await tx.reply.findUnique({ where: { id: replyId }, select: { discussionId: true } });
  if (reply?.discussionId !== discussionId) throw new BadRequestError('The reply answered or quoted is not in this discussion');
}

/**
 * Tells the discussion's author and its watchers (reply.created), leaving out the reply's author
 * and anyone who can no longer see the discussion.
 */
async function announceReply(tx: Tx, emit: Emit, place: DiscussionPlace, reply: { id: string; authorId: string; content: string; createdAt: Date }, authorName: string): Promise<void> {
  const watchers = await tx.watchedDiscussion.findMany({ where: { discussionId: place.id }, select: { userId: true } });
  const candidates = [...new Set([place.authorId, ...watchers.map((watcher) => watcher.userId)])].filter((id) => id !== reply.authorId);
  const known = await userReplica.findMany(tx, candidates);
  const notifyUserIds = known.filter((user) => canSeeForumLevel(forumLevelOf(user), place.accessLevel)).map((user) => user.id).sort();
  const payload: ReplyCreatedPayload = {
    replyId: reply.id,
    discussionId: place.id,
    discussionTitle: place.title,
    accessLevel: place.accessLevel,
    authorId: reply.authorId,
    authorName,
    discussionAuthorId: place.authorId,
    notifyUserIds,
    excerpt: excerptOf(reply.content),
    createdAt: reply.createdAt.toISOString(),
  };
  await emit(SUBJECTS.forumReplyCreated, payload);
}

export async function createReply(ctx: ForumContext, viewer: Viewer, discussionId: string, input: ReplyCreate): Promise<Reply> {
  const id = randomUUID();
  await inTransaction(ctx, async (tx, emit) => {
    const sql = sqlInTransaction(tx);
    // The discussion's row lock orders this reply with every other change to its replies.
    const access = await accessTo(ctx, viewer, await discussionWrites.lockPlace(sql, discussionId));
    await requireOpen(access);
    await Promise.all([requireReplyOf(tx, discussionId, input.parentReplyId), requireReplyOf(tx, discussionId, input.quotedReplyId)]);
    // The database clock, read after the lock, so replies are timed in the order they are counted.
    const [{ created_at: createdAt }] = (await sql<{ created_at: Date }>(
      `INSERT INTO replies (id, discussion_id, author_id, content, content_format, content_html, parent_reply_id, quoted_reply_id,
                            category, access_level, discussion_approved, created_at, updated_at)
       VALUES ($1::uuid, $2::uuid, $3::uuid, $4, $5::content_format, $6, $7::uuid, $8::uuid, $9::access_level, $10::access_level, $11, clock_timestamp(), clock_timestamp())
       RETURNING created_at`,
      [
        id, discussionId, viewer.userId, input.content, input.contentFormat, renderContent(input.content, input.contentFormat), input.parentReplyId ?? null, input.quotedReplyId ?? null,
        access.place.category, access.place.accessLevel, !access.place.isHidden,
      ],
    )) as [{ created_at: Date }];
    await discussionWrites.countNewReply(sql, discussionId, viewer.userId, createdAt);
    await linkAttachments(tx, viewer, input.attachmentIds ?? [], { replyId: id });
    const author = await authorOf(tx, viewer.userId);
    await recordMentions(tx, emit, { content: input.content, author, discussion: { id: discussionId, title: access.place.title, accessLevel: access.place.accessLevel }, replyId: id });
    await announceReply(tx, emit, access.place, { id, authorId: viewer.userId, content: input.content, createdAt }, author.name);
  });
  return (await replyReads.byId(sqlOnPool(ctx.pool), id))!;
}

/** The reply and its discussion, locked, if the viewer may see both. */
async function lockedReply(ctx: ForumContext, tx: Tx, viewer: Viewer, discussionId: string, replyId: string) {
  const access = await accessTo(ctx, viewer, await discussionWrites.lockPlace(sqlInTransaction(tx), discussionId));
  const reply = await tx.reply.findUnique({ where: { id: replyId } });
  const isAuthor = reply?.authorId === viewer.userId;
  if (!reply || reply.discussionId !== discussionId || (!reply.isApproved && !isAuthor && !(await access.canModerate()))) {
    throw new NotFoundError(FORUM_MESSAGES.replyNotFound);
  }
  return { access, reply, isAuthor };
}

/** Authors edit their reply's content; moderators hide and show it. */
export async function updateReply(ctx: ForumContext, viewer: Viewer, discussionId: string, replyId: string, patch: ReplyPatch): Promise<Reply> {
  await inTransaction(ctx, async (tx, emit) => {
    const { access, reply, isAuthor } = await lockedReply(ctx, tx, viewer, discussionId, replyId);
    const moderation = patch.isHidden !== undefined || patch.moderationReason !== undefined;
    const edits = patch.content !== undefined || patch.contentFormat !== undefined;
    if (moderation) await requireModerator(access);
    if (edits) {
      if (!isAuthor) throw new ForbiddenError(FORUM_MESSAGES.notYourPost);
      await requireOpen(access);
    }
    const content = patch.content ?? reply.content;
    const contentFormat = patch.contentFormat ?? reply.contentFormat;
    await tx.reply.update({
      where: { id: replyId },
      data: {
        ...(edits ? { content, contentFormat, contentHtml: renderContent(content, contentFormat) } : {}),
        ...(patch.isHidden !== undefined ? { isApproved: !patch.isHidden } : {}),
        ...(moderation ? { moderatedBy: viewer.userId, moderationReason: patch.moderationReason ?? null } : {}),
      },
    });
    if (patch.isHidden !== undefined) await discussionWrites.recountReplies(sqlInTransaction(tx), discussionId);
    if (patch.content !== undefined) {
      await recordMentions(tx, emit, { content, author: await authorOf(tx, viewer.userId), discussion: { id: discussionId, title: access.place.title, accessLevel: access.place.accessLevel }, replyId });
    }
  });
  return (await replyReads.byId(sqlOnPool(ctx.pool), replyId))!;
}

export async function deleteReply(ctx: ForumContext, viewer: Viewer, discussionId: string, replyId: string): Promise<void> {
  const blobKeys = await inTransaction(ctx, async (tx) => {
    const { access, isAuthor } = await lockedReply(ctx, tx, viewer, discussionId, replyId);
    if (!isAuthor) await requireModerator(access);
    const files = await tx.attachment.findMany({ where: { replyId }, select: { filePath: true } });
    await tx.reply.delete({ where: { id: replyId } });
    await discussionWrites.recountReplies(sqlInTransaction(tx), discussionId);
    return files.map((file) => file.filePath);
  });
  deleteBlobsLater(ctx, blobKeys);
}
