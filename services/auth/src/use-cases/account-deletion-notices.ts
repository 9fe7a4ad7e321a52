import { SUBJECTS } from '@crucible/proto';
import type { Mail } from '@crucible/platform';
import type { Emit, RequestMeta } from './context.ts';
import { greet, linkMail } from './mails.ts';

/**
 * The audit log's entry for a step of a member's own deletion (the admin service records
 * auth.admin.action). The member is the actor: nobody else asked for it or restored it.
 */
export function recordSelfDeletionStep(
  emit: Emit,
  userId: string,
  step: { actionType: 'user_deactivate' | 'user_reactivate' | 'user_delete'; description: string },
  context: { sessionId: string | null; meta: RequestMeta | null; details?: Record<string, unknown> },
) {
  return emit(SUBJECTS.adminActionRecorded, {
    adminId: userId,
    actionType: step.actionType,
    targetUserId: userId,
    description: step.description,
    details: { selfService: true, ...context.details },
    ipAddress: context.meta?.ipAddress ?? null,
    userAgent: context.meta?.userAgent ?? null,
    sessionId: context.sessionId,
  });
}

/** Sent when a member deletes their account: when it becomes final, and that signing in undoes it. */
export function deletionScheduledMail(publicUrl: string, to: string, firstName: string | null, erasureAt: Date): Mail {
  return linkMail(
    to,
    'Your Crucible account will be deleted',
    greet(firstName),
    `Your Crucible account was deactivated and will be deleted for good on ${erasureAt.toUTCString()}. Until then, signing in restores it as it was.`,
    'Sign in to keep your account',
    `${publicUrl}/signin`,
    'If you did not ask for this, sign in now and change your password: someone signed in to your account did.',
  );
}

/** Sent when a sign-in within the grace period restored the account. */
export function accountRestoredMail(publicUrl: string, to: string, firstName: string | null): Mail {
  return linkMail(
    to,
    'Your Crucible account was restored',
    greet(firstName),
    'You signed in to your Crucible account, so it is no longer scheduled for deletion. Everything is as you left it.',
    'Open Crucible',
    publicUrl,
    'If it was not you who signed in, change your password now and end your other sessions on the Security page.',
  );
}
