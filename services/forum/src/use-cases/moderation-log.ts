import { SUBJECTS, type AdminActionPayload } from '@crucible/proto';
import type { Viewer } from './access.ts';
import type { Emit } from './context.ts';

/**
 * Publishes a moderation action or moderator grant for the admin service's audit and moderation
 * logs, with who acted and from where; emitted inside the action's own transaction.
 */
export function recordModeration(
  emit: Emit,
  viewer: Viewer,
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
    ipAddress: viewer.meta?.ipAddress ?? null,
    userAgent: viewer.meta?.userAgent ?? null,
    sessionId: viewer.meta?.sessionId ?? null,
  } satisfies AdminActionPayload);
}

/** The moderation changes of a patch as words: lock, unlock, pin, unpin, hide, show. */
export function moderationActionsOf(patch: { isLocked?: boolean; isPinned?: boolean; isHidden?: boolean }): string {
  const actions = [
    patch.isLocked === undefined ? null : patch.isLocked ? 'lock' : 'unlock',
    patch.isPinned === undefined ? null : patch.isPinned ? 'pin' : 'unpin',
    patch.isHidden === undefined ? null : patch.isHidden ? 'hide' : 'show',
  ].filter((action) => action !== null);
  return actions.join(', ') || 'reason';
}
