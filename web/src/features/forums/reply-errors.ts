import { apiErrorDetails } from '../../lib/api-error.ts';

/**
 * What a member reads when a reply fails. The service answers 401 and 403 with
 * its own words, so the status counts as much as the words 'Unauthorized' and 'Forbidden'.
 */
export function replyFailureMessage(error: Error): string {
  const { status, serverMessage } = apiErrorDetails(error);
  if (status === 401 || error.message.includes('Unauthorized'))
    return "You don't have permission to reply to this discussion.";
  if (status === 403 || error.message.includes('Forbidden'))
    return "This discussion is locked or you don't have access.";
  return serverMessage ?? 'Failed to create reply. Please try again.';
}

/** Why the quick reply's Post button cannot send yet, or null when it can. */
export function quickReplyProblem(discussionId: string | null | undefined, content: string): string | null {
  if (!discussionId) return 'No discussion selected.';
  if (!content.trim()) return 'Please enter a reply message.';
  return null;
}

/** The quick reply's failure text: the server's message, else a fixed fallback. */
export function quickReplyFailureMessage(error: Error): string {
  return apiErrorDetails(error).serverMessage ?? 'Failed to post reply. Please try again.';
}

/** An edit, delete or moderation action that failed: the service's own words, else the fallback. */
export function postActionFailureMessage(error: unknown, fallback: string): string {
  return (error instanceof Error ? apiErrorDetails(error).serverMessage : null) ?? fallback;
}
