import { randomUUID } from 'node:crypto';
import {
  FORUM_MESSAGES,
  SUBJECTS,
  canSeeForumLevel,
  forumLevelOf,
  type Reply,
  type ReplyCreate,
  type ReplyCreatedPayload,
  type ReplyListQuery,
  type ReplyPatch,
  type PostDelete,
} from '@crucible/proto';
import { BadRequestError, ForbiddenError, NotFoundError, type Caller } from '@crucible/platform';
import { excerptOf, renderContent } from '../content/render.ts';
import { discussionWrites, type DiscussionPlace } from '../repositories/discussions.ts';
import { attachmentRepository } from '../repositories/attachments.ts';
import { replyReads, replyRepository, type ReplyPage } from '../repositories/replies.ts';
import { decodeCursor, sqlInTransaction, sqlOnPool } from '../repositories/sql.ts';
import { userReplica } from '../repositories/users.ts';
import { watchRepository } from '../repositories/watching.ts';
import { deleteBlobsLater, linkAttachments } from './attachments.ts';
import { announceRemoval, moderationActionsOf, recordModeration } from './moderation-log.ts';
import { revisionRepository } from '../repositories/revisions.ts';
import { inTransaction, type Emit, type ForumContext, type Tx } from './context.ts';
import {
  accessTo,
  requireEditable,
  requireModerator,
  visibleDiscussion,
  type DiscussionAccess,
} from './discussion-access.ts';
import { cachedRepliesPage, changedPayload, FIRST_PAGE_SIZE, forgetPagesOf } from './first-pages.ts';
import { authorOf, recordMentions } from './mentions.ts';
import { ensureUserKnown, withKnownAuthors } from './user-replica.ts';
import { withMyVotes } from './votes.ts';

export async function listReplies(
  ctx: ForumContext,
  viewer: Caller,
  discussionId: string,
  query: ReplyListQuery,
): Promise<ReplyPage> {
  const sql = sqlOnPool(ctx.pool);
  const after = decodeCursor(query.after);
  if (!query.includeHidden) {
    // The common case in one round trip; the page is dropped unread if the viewer may not see it.
    // The first page is the same for everyone who may see the discussion: cached with its place.
    const read = () => replyReads.pageWithPlace(sql, { discussionId, limit: query.limit, after });
    const { place, page } =
      !after && query.limit === FIRST_PAGE_SIZE ? await cachedRepliesPage(ctx, discussionId, read) : await read();
    await accessTo(ctx, viewer, place);
    return { ...page, items: await withMyVotes(ctx, viewer, 'reply', await withKnownAuthors(ctx, page.items)) };
  }
  const access = await visibleDiscussion(ctx, viewer, discussionId);
  const page = await replyReads.page(sql, {
    discussionId,
    includeHidden: await access.canModerate(),
    limit: query.limit,
    after,
  });
  return { ...page, items: await withMyVotes(ctx, viewer, 'reply', await withKnownAuthors(ctx, page.items)) };
}

/** A locked discussion takes replies (and edits) from its moderators only. */
async function requireOpen(access: DiscussionAccess): Promise<void> {
  if (access.place.isLocked && !(await access.canModerate())) throw new ForbiddenError(FORUM_MESSAGES.discussionLocked);
}

async function requireReplyOf(tx: Tx, discussionId: string, replyId: string | null | undefined): Promise<void> {
  if (!replyId) return;
  const reply = await replyRepository.findPlacement(tx, replyId);
  if (reply?.discussionId !== discussionId)
    throw new BadRequestError('The reply answered or quoted is not in this discussion');
}

/**
 * Tells the discussion's author and its watchers (reply.created), leaving out the reply's author
 * and anyone who can no longer see the discussion.
 */
async function announceReply(
  tx: Tx,
  emit: Emit,
  place: DiscussionPlace,
  reply: { id: string; authorId: string; content: string; createdAt: Date },
  authorName: string,
): Promise<void> {
  const watcherIds = await watchRepository.watcherIds(tx, place.id);
  const candidates = [...new Set([place.authorId, ...watcherIds])].filter((id) => id !== reply.authorId);
  const known = await userReplica.findMany(tx, candidates);
  const notifyUserIds = known
    .filter((user) => canSeeForumLevel(forumLevelOf(user), place.accessLevel))
    .map((user) => user.id)
    .sort();
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

export async function createReply(
  ctx: ForumContext,
  viewer: Caller,
  discussionId: string,
  input: ReplyCreate,
): Promise<Reply> {
  const id = randomUUID();
  // Outside the transaction: the question to auth must not hold the discussion's row lock.
  await ensureUserKnown(ctx, viewer.userId);
  // The answer is read inside the transaction: once the reply is committed its answer exists, so a
  // database that drops right after the commit cannot turn a stored reply into an error, which the
  // client would resend with the same idempotency key (only successes are remembered) and double.
  const { place, reply } = await inTransaction(ctx, async (tx, emit) => {
    const sql = sqlInTransaction(tx);
    // The discussion's row lock orders this reply with every other change to its replies.
    const access = await accessTo(ctx, viewer, await discussionWrites.lockPlace(sql, discussionId));
    await requireOpen(access);
    await Promise.all([
      requireReplyOf(tx, discussionId, input.parentReplyId),
      requireReplyOf(tx, discussionId, input.quotedReplyId),
    ]);
    const createdAt = await replyRepository.insert(tx, {
      id,
      discussionId,
      authorId: viewer.userId,
      content: input.content,
      contentFormat: input.contentFormat,
      contentHtml: renderContent(input.content, input.contentFormat),
      parentReplyId: input.parentReplyId ?? null,
      quotedReplyId: input.quotedReplyId ?? null,
      category: access.place.category,
      accessLevel: access.place.accessLevel,
      discussionApproved: !access.place.isHidden,
    });
    await discussionWrites.countNewReply(sql, discussionId, viewer.userId, createdAt);
    await linkAttachments(tx, viewer, input.attachmentIds ?? [], { replyId: id });
    const author = await authorOf(tx, viewer.userId);
    await recordMentions(tx, emit, {
      content: input.content,
      author,
      discussion: { id: discussionId, title: access.place.title, accessLevel: access.place.accessLevel },
      replyId: id,
    });
    await announceReply(
      tx,
      emit,
      access.place,
      { id, authorId: viewer.userId, content: input.content, createdAt },
      author.name,
    );
    return { place: access.place, reply: (await replyReads.byId(sql, id))! };
  });
  await forgetPagesOf(ctx, place);
  return reply;
}

/** The reply and its discussion, locked, if the viewer may see both. */
async function lockedReply(ctx: ForumContext, tx: Tx, viewer: Caller, discussionId: string, replyId: string) {
  const access = await accessTo(ctx, viewer, await discussionWrites.lockPlace(sqlInTransaction(tx), discussionId));
  const reply = await replyRepository.findById(tx, replyId);
  const isAuthor = reply?.authorId === viewer.userId;
  if (
    !reply ||
    reply.discussionId !== discussionId ||
    reply.deletedAt !== null ||
    (!reply.isApproved && !isAuthor && !(await access.canModerate()))
  ) {
    throw new NotFoundError(FORUM_MESSAGES.replyNotFound);
  }
  return { access, reply, isAuthor };
}

/**
 * Its author, the discussion's moderators and admins edit a reply (the replaced version is kept as a
 * revision; in a locked discussion only moderators edit); moderators hide and show it.
 */
export async function updateReply(
  ctx: ForumContext,
  viewer: Caller,
  discussionId: string,
  replyId: string,
  patch: ReplyPatch,
): Promise<Reply> {
  const place = await inTransaction(ctx, async (tx, emit) => {
    const { access, reply, isAuthor } = await lockedReply(ctx, tx, viewer, discussionId, replyId);
    const moderation = patch.isHidden !== undefined || patch.moderationReason !== undefined;
    const edits = patch.content !== undefined || patch.contentFormat !== undefined;
    if (moderation) await requireModerator(access);
    if (edits) await requireEditable(access, reply.authorId);
    const content = patch.content ?? reply.content;
    const contentFormat = patch.contentFormat ?? reply.contentFormat;
    const textChanged = content !== reply.content || contentFormat !== reply.contentFormat;
    if (textChanged) {
      await revisionRepository.record(tx, {
        discussionId,
        replyId,
        title: null,
        content: reply.content,
        contentFormat: reply.contentFormat,
        editedBy: viewer.userId,
      });
    }
    await replyRepository.update(tx, replyId, {
      ...(edits ? { content, contentFormat, contentHtml: renderContent(content, contentFormat) } : {}),
      ...(textChanged ? { editedAt: new Date() } : {}),
      ...(patch.isHidden !== undefined ? { isApproved: !patch.isHidden } : {}),
      ...(moderation ? { moderatedBy: viewer.userId, moderationReason: patch.moderationReason ?? null } : {}),
    });
    if (moderation || (edits && !isAuthor)) {
      const action = [moderation ? moderationActionsOf(patch) : null, edits && !isAuthor ? 'edit' : null]
        .filter(Boolean)
        .join(', ');
      await recordModeration(emit, viewer, {
        actionType: 'forum_moderation',
        targetUserId: reply.authorId,
        description: `Moderated a reply in "${access.place.title}": ${action}`,
        details: { action, discussionId, replyId, reason: patch.moderationReason ?? null },
      });
    }
    if (patch.isHidden !== undefined) await discussionWrites.recountReplies(sqlInTransaction(tx), discussionId);
    if (patch.content !== undefined) {
      await recordMentions(tx, emit, {
        content,
        author: await authorOf(tx, viewer.userId),
        discussion: { id: discussionId, title: access.place.title, accessLevel: access.place.accessLevel },
        replyId,
      });
    }
    // What the discussion shows changed (its replies, their count).
    await emit(SUBJECTS.forumDiscussionUpdated, changedPayload(access.place));
    return access.place;
  });
  await forgetPagesOf(ctx, place);
  const [reply] = await withMyVotes(ctx, viewer, 'reply', [(await replyReads.byId(sqlOnPool(ctx.pool), replyId))!]);
  return reply!;
}

/**
 * Its author, or a moderator of the discussion with a reason (the author is told, the audit log
 * records it). The reply stays as a placeholder without its text, files or earlier versions.
 */
export async function deleteReply(
  ctx: ForumContext,
  viewer: Caller,
  discussionId: string,
  replyId: string,
  input: PostDelete = {},
): Promise<void> {
  const { place, blobKeys } = await inTransaction(ctx, async (tx, emit) => {
    const { access, reply, isAuthor } = await lockedReply(ctx, tx, viewer, discussionId, replyId);
    if (!isAuthor) {
      await requireModerator(access);
      if (!input.reason) throw new BadRequestError(FORUM_MESSAGES.deleteReasonRequired);
      await recordModeration(emit, viewer, {
        actionType: 'forum_moderation',
        targetUserId: reply.authorId,
        description: `Deleted a reply in "${access.place.title}"`,
        details: { action: 'delete', discussionId, replyId, reason: input.reason },
      });
      await announceRemoval(emit, viewer, {
        discussionId,
        replyId,
        discussionTitle: access.place.title,
        authorId: reply.authorId,
        reason: input.reason,
      });
    }
    const keys = await attachmentRepository.keysOfReply(tx, replyId);
    await attachmentRepository.deleteOfReply(tx, replyId);
    await revisionRepository.deleteOfReply(tx, replyId);
    await replyRepository.markDeleted(tx, replyId);
    await discussionWrites.recountReplies(sqlInTransaction(tx), discussionId);
    await emit(SUBJECTS.forumDiscussionUpdated, changedPayload(access.place));
    return { place: access.place, blobKeys: keys };
  });
  await forgetPagesOf(ctx, place);
  deleteBlobsLater(ctx, blobKeys);
}
