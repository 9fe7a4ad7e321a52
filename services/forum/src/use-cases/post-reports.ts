import {
  ADMIN_MESSAGES,
  FORUM_MESSAGES,
  SUBJECTS,
  type PostReport,
  type PostReportedPayload,
  type postReportCreateSchema,
} from '@crucible/proto';
import { ConflictError, ForbiddenError, NotFoundError, isUniqueViolation, type Caller } from '@crucible/platform';
import type { z } from 'zod';
import { discussionReads } from '../repositories/discussions.ts';
import { postReportWrites } from '../repositories/post-reports.ts';
import { replyReads } from '../repositories/replies.ts';
import { sqlOnPool } from '../repositories/sql.ts';
import { inTransaction, type ForumContext } from './context.ts';
import { visibleDiscussion } from './discussion-access.ts';

type ParsedReport = z.output<typeof postReportCreateSchema>;

/**
 * A member reports a post they may read (the same 404s as reading it), never their own, once per
 * post (a unique index, so two concurrent reports cannot both land). The report and the
 * forum.post.reported event, which carries what the post said, are committed together.
 */
async function report(
  ctx: ForumContext,
  viewer: Caller,
  post: { discussionId: string; discussionTitle: string; replyId: string | null; authorId: string; content: string },
  body: ParsedReport,
): Promise<PostReport> {
  if (post.authorId === viewer.userId) throw new ForbiddenError(ADMIN_MESSAGES.notYourOwnPost);
  try {
    return await inTransaction(ctx, async (tx, emit) => {
      const row = await postReportWrites.create(tx, {
        reporterId: viewer.userId,
        discussionId: post.discussionId,
        replyId: post.replyId,
        reportType: body.reportType,
        reason: body.reportReason,
      });
      await emit(SUBJECTS.forumPostReported, {
        ...row,
        reporterId: viewer.userId,
        authorId: post.authorId,
        discussionTitle: post.discussionTitle,
        content: post.content,
      } satisfies PostReportedPayload);
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(ADMIN_MESSAGES.alreadyReportedPost);
    throw error;
  }
}

export async function reportDiscussion(
  ctx: ForumContext,
  viewer: Caller,
  discussionId: string,
  body: ParsedReport,
): Promise<PostReport> {
  const access = await visibleDiscussion(ctx, viewer, discussionId);
  const discussion = await discussionReads.summary(sqlOnPool(ctx.pool), discussionId);
  if (!discussion) throw new NotFoundError(FORUM_MESSAGES.discussionNotFound);
  return report(
    ctx,
    viewer,
    {
      discussionId,
      discussionTitle: access.place.title,
      replyId: null,
      authorId: access.place.authorId,
      content: discussion.content,
    },
    body,
  );
}

export async function reportReply(
  ctx: ForumContext,
  viewer: Caller,
  discussionId: string,
  replyId: string,
  body: ParsedReport,
): Promise<PostReport> {
  const access = await visibleDiscussion(ctx, viewer, discussionId);
  const reply = await replyReads.byId(sqlOnPool(ctx.pool), replyId);
  // A hidden reply is read only by its author and moderators; to anyone else it does not exist.
  if (
    !reply ||
    reply.discussionId !== discussionId ||
    (reply.isHidden && reply.authorId !== viewer.userId && !(await access.canModerate()))
  )
    throw new NotFoundError(FORUM_MESSAGES.replyNotFound);
  return report(
    ctx,
    viewer,
    { discussionId, discussionTitle: access.place.title, replyId, authorId: reply.authorId, content: reply.content },
    body,
  );
}
