import {
  LIMITS,
  displayName,
  type ConversationUser,
  type DirectMessage,
  type MessagePage,
  type Quota,
} from '@crucible/proto';
import { apiErrorDetails } from '../../lib/api-error.ts';
import { htmlToText } from '../../lib/plain-text.ts';

/** The messages page's fixed texts: validation, toasts and errors (the server's are DM_MESSAGES). */
export const DM_TEXTS = {
  contentRequired: 'Message cannot be empty',
  contentTooLong: 'Message too long (max 10,000 characters)',
  recipientRequired: 'Please select a recipient',
  selfTitle: 'Cannot select yourself',
  selfDescription: 'You cannot send a message to yourself. Please select another recipient.',
  reportTypeRequired: 'Please select a report type',
  reportSubmitted: 'Report submitted successfully',
  reportFailed: 'Error submitting report',
  reportFallback: 'Please try again later.',
  sendFailed: 'Failed to send message',
  deleteFailed: 'Failed to delete message',
  startFailed: 'Failed to start conversation',
  genericFallback: 'Something went wrong. Please try again.',
  loadFailedTitle: 'Failed to Load Messages',
  loadFailed: 'Failed to fetch messages',
  noMessages: 'No messages yet. Start the conversation!',
  editFailed: 'Failed to edit message',
} as const;

const MEGABYTE = 1_048_576;

/** Sizes under 1024 bytes in B, else MB with two decimals. */
export function formatMessageSize(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / MEGABYTE).toFixed(2)} MB`;
}

/** The quota is always shown in MB (1048576 bytes), two decimals. */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / MEGABYTE).toFixed(2)} MB`;
}

export function formatPercent(percent: number): string {
  return `${percent.toFixed(1)}%`;
}

export function usagePercent(usedBytes: number, maxBytes: number): number {
  if (maxBytes <= 0) return usedBytes > 0 ? 100 : 0;
  return (usedBytes / maxBytes) * 100;
}

export type QuotaWarningLevel = 0 | 1 | 2 | 3;

/** Level 1 at 80% (or when the server says near the limit), 2 at 90%, 3 at 95%. */
export function quotaWarningLevel(quota: Quota): QuotaWarningLevel {
  const percent = usagePercent(quota.usedBytes, quota.maxBytes);
  if (percent >= 95) return 3;
  if (percent >= 90) return 2;
  const nearThreshold =
    quota.warningThreshold !== undefined && quota.warningThreshold > 0 && quota.usedBytes >= quota.warningThreshold;
  if (percent >= 80 || quota.isNearLimit === true || nearThreshold) return 1;
  return 0;
}

/** The bar is yellow above 75% and red above 90%. */
export function quotaBarColor(percent: number): 'primary' | 'warning' | 'error' {
  if (percent > 90) return 'error';
  if (percent > 75) return 'warning';
  return 'primary';
}

export interface QuotaWarningToast {
  title: string;
  description: string;
  severity: 'warning' | 'error';
  durationMs: number;
}

const WARNING_TOASTS: Record<Exclude<QuotaWarningLevel, 0>, Omit<QuotaWarningToast, 'description'>> = {
  1: { title: 'Message storage almost full', severity: 'warning', durationMs: 5000 },
  2: { title: 'Message storage nearly full', severity: 'warning', durationMs: 7000 },
  3: { title: 'Message storage critically full', severity: 'error', durationMs: 10_000 },
};

/**
 * The toast to show when the level moves from `previous` to `current`: only a rise warns
 *, so a refetch at the same level, or a fall after deleting, stays quiet.
 */
export function quotaWarningToast(
  previous: QuotaWarningLevel,
  current: QuotaWarningLevel,
  quota: Quota,
): QuotaWarningToast | null {
  if (current <= previous || current === 0) return null;
  const percent = formatPercent(usagePercent(quota.usedBytes, quota.maxBytes));
  const left = formatMessageSize(Math.max(0, quota.maxBytes - quota.usedBytes));
  return {
    ...WARNING_TOASTS[current],
    description: `You have used ${percent} of your message storage; ${left} left. Delete old messages to free space.`,
  };
}

/** The problem with a message's content, or null; checked on the trimmed text as the server checks it. */
export function messageContentProblem(content: string): string | null {
  if (content.trim().length === 0) return DM_TEXTS.contentRequired;
  if (content.length > LIMITS.directMessage.formMaxChars) return DM_TEXTS.contentTooLong;
  return null;
}

/**
 * Message content is stored as sent and shown with all HTML stripped: only its
 * text is kept, read without building a DOM (htmlToText), so markup raises no CSP reports either.
 */
export function stripHtml(content: string): string {
  return htmlToText(content);
}

export function memberDisplayName(
  // Directory search results hide the email from some viewers, so it may be null here.
  member: Partial<Pick<ConversationUser, 'preferredName' | 'firstName' | 'lastName'>> & { email?: string | null },
): string {
  if (member.preferredName?.trim()) return member.preferredName.trim();
  return displayName(member, { withEmail: true, unknown: 'Unknown member' });
}

/** Enter sends, Shift+Enter adds a line; a key that finishes an IME composition is not a send. */
export function composerKeyAction(event: {
  key: string;
  shiftKey: boolean;
  isComposing?: boolean;
}): 'send' | 'newline' | 'none' {
  if (event.key !== 'Enter' || event.isComposing) return 'none';
  return event.shiftKey ? 'newline' : 'send';
}

/** What a key does on a message: delete or edit one's own, report another's. */
export function messageKeyAction(key: string, isOwn: boolean): 'delete' | 'edit' | 'report' | 'none' {
  if (isOwn && (key === 'Delete' || key === 'Backspace')) return 'delete';
  if (isOwn && key.toLowerCase() === 'e') return 'edit';
  if (!isOwn && key.toLowerCase() === 'r') return 'report';
  return 'none';
}

/** Whether the sender may still edit the message (the server's window: 15 minutes after sending). */
export function canStillEdit(message: Pick<DirectMessage, 'createdAt'>, now: number = Date.now()): boolean {
  return now - Date.parse(message.createdAt) < LIMITS.directMessage.editWindowMs;
}

export const TEMPORARY_ID_PREFIX = 'temp-';

export const isTemporaryMessage = (message: Pick<DirectMessage, 'id'>) => message.id.startsWith(TEMPORARY_ID_PREFIX);

/**
 * The thread's messages oldest first, each once: pages are fetched newest first and a refetch
 * while new messages arrive may shift a message from one page to the next.
 */
export function threadMessages(pages: readonly MessagePage[]): DirectMessage[] {
  const byId = new Map<string, DirectMessage>();
  for (const page of pages) for (const message of page.messages) byId.set(message.id, message);
  return [...byId.values()].sort(
    (a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id.localeCompare(b.id),
  );
}

export type ThreadRow =
  { kind: 'message'; key: string; message: DirectMessage } | { kind: 'day' | 'unread'; key: string; label: string };

/** A day separator's words: Today, Yesterday, a weekday within the week, else the date. */
export function dayLabel(at: string, now: Date = new Date()): string {
  const day = new Date(at);
  const startOf = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
  const days = Math.round((startOf(now) - startOf(day)) / 86_400_000);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days > 1 && days < 7) return day.toLocaleDateString('en-GB', { weekday: 'long' });
  return day.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    ...(day.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  });
}

/**
 * The thread as rows, as chat apps show it: a separator where the day changes, and an 'Unread'
 * divider above `unreadFromId` (the first message that was unread when the thread opened).
 */
export function threadRows(
  messages: readonly DirectMessage[],
  unreadFromId: string | null,
  now = new Date(),
): ThreadRow[] {
  const rows: ThreadRow[] = [];
  let lastDay = '';
  messages.forEach((message) => {
    const day = new Date(message.createdAt).toDateString();
    if (day !== lastDay) {
      lastDay = day;
      rows.push({ kind: 'day', key: `day:${day}`, label: dayLabel(message.createdAt, now) });
    }
    if (message.id === unreadFromId) rows.push({ kind: 'unread', key: 'unread', label: 'Unread' });
    rows.push({ kind: 'message', key: message.id, message });
  });
  return rows;
}

/** A failure toast's text: the server's own message, else the fallback. */
export function failureDescription(error: Error, fallback: string = DM_TEXTS.genericFallback): string {
  return apiErrorDetails(error).serverMessage ?? fallback;
}
