import type { Caller } from '@crucible/platform';
import { SUBJECTS, type AdminActionPayload, type PostRemovedPayload } from '@crucible/proto';
import type { Emit } from './context.ts';

/**
 * Publishes a moderation action or moderator grant for the admin service's audit and moderation
 * logs, with who acted and from where; emitted inside the action's own transaction.
 */
export function recordModeration(
  emit: Emit,
  viewer: Caller,
  action: {
    actionType: 'forum_moderation' | 'moderator_grant' | 'moderator_revoke';
    targetUserId: string | null;
    description: string;
    details: Record<string, unknown>;
  },
): Promise<void> {
  return emit(SUBJECTS.forumAdminAction, {
    adminId: viewer.userId,
    ...action,
    ipAddress: viewer.meta.ipAddress,
    userAgent: viewer.meta.userAgent,
    sessionId: viewer.sessionId,
  } satisfies AdminActionPayload);
}

/** The moderation changes of a patch as words: lock, unlock, pin, unpin, hide, show, move. */
export function moderationActionsOf(patch: {
  isLocked?: boolean;
  isPinned?: boolean;
  isHidden?: boolean;
  subcategoryId?: string;
}): string {
  const actions = [
    patch.isLocked === undefined ? null : patch.isLocked ? 'lock' : 'unlock',
    patch.isPinned === undefined ? null : patch.isPinned ? 'pin' : 'unpin',
    patch.isHidden === undefined ? null : patch.isHidden ? 'hide' : 'show',
    patch.subcategoryId === undefined ? null : 'move',
  ].filter((action) => action !== null);
  return actions.join(', ') || 'reason';
}

/** Tells a post's author that a moderator deleted it, and why (realtime turns it into a notification). */
export function announceRemoval(
  emit: Emit,
  viewer: Caller,
  removal: { discussionId: string; replyId: string | null; discussionTitle: string; authorId: string; reason: string },
): Promise<void> {
  return emit(SUBJECTS.forumPostRemoved, {
    ...removal,
    removedBy: viewer.userId,
    removedAt: new Date().toISOString(),
  } satisfies PostRemovedPayload);
}
