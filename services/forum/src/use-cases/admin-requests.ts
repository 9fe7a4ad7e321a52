import { RPC, type ParsedRequestOf } from '@crucible/proto';
import {
  ADMINS_ONLY_MESSAGE,
  ForbiddenError,
  assertStorableText,
  requireAdmin,
  type EventBus,
  type Subscription,
  type Caller,
} from '@crucible/platform';
import { userReplica } from '../repositories/users.ts';
import type { ForumContext } from './context.ts';
import { deleteDiscussion } from './discussions.ts';
import { deleteReply } from './replies.ts';

/**
 * The admin service carrying out a review's 'delete' of a reported post. The admin it names is
 * checked here against the users replica (the caller's word is not enough), then the moderators'
 * own delete runs: the author is told the reason and the audit log records it with the admin's IP,
 * user agent and session as passed along.
 */
async function deletePostForReview(
  ctx: ForumContext,
  request: ParsedRequestOf<typeof RPC.forumAdminDeletePost>,
): Promise<{ deleted: true }> {
  assertStorableText({ body: request });
  const admin = await userReplica.findById(ctx.prisma, request.adminId);
  if (!admin) throw new ForbiddenError(ADMINS_ONLY_MESSAGE);
  requireAdmin(admin);
  const caller: Caller = {
    userId: admin.id,
    sessionId: request.actor?.sessionId ?? null,
    accessLevel: admin.accessLevel,
    isAdmin: true,
    // The replica keeps neither fact and no forum rule reads them: the admin's grant is what counts here.
    isModerator: false,
    emailVerified: true,
    meta: { ipAddress: request.actor?.ipAddress ?? null, userAgent: request.actor?.userAgent ?? null },
  };
  if (request.replyId)
    await deleteReply(ctx, caller, request.discussionId, request.replyId, { reason: request.reason });
  else await deleteDiscussion(ctx, caller, request.discussionId, { reason: request.reason });
  return { deleted: true };
}

/** Answers the admin service's requests (RPC.forumAdminDeletePost); the bus answers refusals as data. */
export function serveAdminRequests(ctx: ForumContext, bus: EventBus): Promise<Subscription> {
  return bus.reply(RPC.forumAdminDeletePost, (request) => deletePostForReview(ctx, request));
}
