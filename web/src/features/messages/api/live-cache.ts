import type {
  ConversationSummary,
  ConversationUsage,
  CountResponse,
  DirectMessage,
  MessagePage,
  Quota,
} from '@crucible/proto';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { UNREAD_MESSAGE_COUNT_QUERY_KEY } from '../../../lib/direct-message-queries.ts';
import { isTemporaryMessage } from '../message-rules.ts';
import { CONVERSATIONS_KEY, CONVERSATION_USAGE_KEY, QUOTA_KEY, messagesKey } from './message-query-keys.ts';

/**
 * What the socket and the member's own calls change in the cached direct messages, applied in place
 * (setQueryData) instead of fetching the thread, the list and the counts again. A conversation that
 * is not cached yet is left alone: it is fetched whole when it is opened.
 */
type ThreadData = InfiniteData<MessagePage, string | undefined>;

/** The message as the socket tells it; the fields it leaves out take the values of a new message. */
export interface LiveMessage {
  id: string;
  content: string;
  senderId: string;
  recipientId: string;
  createdAt: string;
  messageSizeBytes?: number;
  editedAt?: string | null;
}

const partnerOf = (viewerId: string, message: { senderId: string; recipientId: string }) =>
  message.senderId === viewerId ? message.recipientId : message.senderId;

const UTF8 = new TextEncoder();

function toDirectMessage(message: LiveMessage): DirectMessage {
  return {
    id: message.id,
    content: message.content,
    senderId: message.senderId,
    recipientId: message.recipientId,
    isRead: false,
    readAt: null,
    createdAt: message.createdAt,
    messageSizeBytes: message.messageSizeBytes ?? UTF8.encode(message.content).length,
    editedAt: message.editedAt ?? null,
  };
}

/** Applies `change` to each loaded page of the thread with `partnerId`, if it is loaded. */
export function updateThread(
  queryClient: QueryClient,
  partnerId: string,
  change: (messages: DirectMessage[], pageIndex: number) => DirectMessage[],
): void {
  queryClient.setQueryData<ThreadData>(messagesKey(partnerId), (data) =>
    data
      ? { ...data, pages: data.pages.map((page, index) => ({ ...page, messages: change(page.messages, index) })) }
      : data,
  );
}

function updateConversation(
  queryClient: QueryClient,
  partnerId: string,
  change: (summary: ConversationSummary) => ConversationSummary,
): boolean {
  let found = false;
  queryClient.setQueryData<ConversationSummary[]>(CONVERSATIONS_KEY, (list) =>
    list?.map((summary) => {
      if (summary.otherUser.id !== partnerId) return summary;
      found = true;
      return change(summary);
    }),
  );
  return found;
}

const newestFirst = (list: ConversationSummary[]) =>
  [...list].sort((a, b) => Date.parse(b.lastMessageAt ?? '0') - Date.parse(a.lastMessageAt ?? '0'));

function changeUnreadTotal(queryClient: QueryClient, delta: number): void {
  if (delta === 0) return;
  queryClient.setQueryData<CountResponse>(UNREAD_MESSAGE_COUNT_QUERY_KEY, (current) =>
    current ? { ...current, count: Math.max(0, current.count + delta) } : current,
  );
}

/**
 * A message arrived (or the member's own, from another tab or their send): the thread shows it once,
 * the conversation moves to the top with it, and a received one counts as unread. Answers false when
 * the conversation is not in the cached list (a first message from someone new), which the caller
 * fetches.
 */
export function applyNewMessage(queryClient: QueryClient, viewerId: string, live: LiveMessage): boolean {
  const partnerId = partnerOf(viewerId, live);
  const message = toDirectMessage(live);
  let isNew = true;
  updateThread(queryClient, partnerId, (messages, pageIndex) => {
    if (messages.some((shown) => shown.id === message.id)) {
      isNew = false;
      return messages;
    }
    // The socket may tell of the member's own send before the send's answer: the message takes the
    // place of the one shown under a temporary id, so it never shows twice.
    const pending =
      message.senderId === viewerId
        ? messages.findIndex(
            (shown) =>
              isTemporaryMessage(shown) &&
              shown.recipientId === message.recipientId &&
              shown.content === message.content,
          )
        : -1;
    if (pending >= 0) return messages.map((shown, index) => (index === pending ? message : shown));
    return pageIndex === 0 ? [message, ...messages] : messages;
  });
  const received = message.recipientId === viewerId;
  let listed = false;
  queryClient.setQueryData<ConversationSummary[]>(CONVERSATIONS_KEY, (list) => {
    if (!list) return list;
    const summary = list.find((entry) => entry.otherUser.id === partnerId);
    if (!summary) return list;
    listed = true;
    // The same message may come twice (the send's answer and the socket): it counts once.
    const alreadyCounted =
      summary.lastMessage?.createdAt === message.createdAt && summary.lastMessageAt === message.createdAt;
    if (alreadyCounted) return list;
    const updated: ConversationSummary = {
      ...summary,
      lastMessage: { content: message.content, createdAt: message.createdAt },
      lastMessageAt: message.createdAt,
      messageCount: summary.messageCount + 1,
      unreadCount: summary.unreadCount + (received ? 1 : 0),
      usedBytes: summary.usedBytes + (received ? 0 : message.messageSizeBytes),
    };
    return newestFirst(list.map((entry) => (entry === summary ? updated : entry)));
  });
  if (received && isNew) changeUnreadTotal(queryClient, 1);
  return listed || !queryClient.getQueryData(CONVERSATIONS_KEY);
}

/** The partner read what the member sent them: those messages show 'Read'. */
export function applyMessagesRead(
  queryClient: QueryClient,
  read: { readerId: string; messageIds: string[]; readAt: string },
): void {
  const ids = new Set(read.messageIds);
  updateThread(queryClient, read.readerId, (messages) =>
    messages.map((message) => (ids.has(message.id) ? { ...message, isRead: true, readAt: read.readAt } : message)),
  );
}

/** The member read the conversation with `partnerId` (here or in another tab): its unread count goes. */
export function applyConversationRead(queryClient: QueryClient, viewerId: string, partnerId: string, readAt: string) {
  let cleared = 0;
  updateConversation(queryClient, partnerId, (summary) => {
    cleared = summary.unreadCount;
    return { ...summary, unreadCount: 0 };
  });
  changeUnreadTotal(queryClient, -cleared);
  updateThread(queryClient, partnerId, (messages) =>
    messages.map((message) =>
      message.recipientId === viewerId && !message.isRead ? { ...message, isRead: true, readAt } : message,
    ),
  );
}

/** A message was edited: its new text, marked edited, wherever it shows. */
export function applyMessageEdited(queryClient: QueryClient, viewerId: string, live: LiveMessage): void {
  const partnerId = partnerOf(viewerId, live);
  let sizeDelta = 0;
  updateThread(queryClient, partnerId, (messages) =>
    messages.map((message) => {
      if (message.id !== live.id) return message;
      const next = { ...message, content: live.content, editedAt: live.editedAt ?? message.editedAt };
      if (live.messageSizeBytes !== undefined) {
        sizeDelta = live.messageSizeBytes - message.messageSizeBytes;
        next.messageSizeBytes = live.messageSizeBytes;
      }
      return next;
    }),
  );
  updateConversation(queryClient, partnerId, (summary) => ({
    ...summary,
    lastMessage:
      summary.lastMessage && summary.lastMessage.createdAt === live.createdAt
        ? { ...summary.lastMessage, content: live.content }
        : summary.lastMessage,
    usedBytes: live.senderId === viewerId ? summary.usedBytes + sizeDelta : summary.usedBytes,
  }));
}

/**
 * A message was deleted: it leaves the thread; the conversation's count (and unread count, if it was
 * unread) drops. Answers whether it was the conversation's last message, whose replacement the caller
 * asks the server for (the cache may not hold the one before it).
 */
export function applyMessageDeleted(
  queryClient: QueryClient,
  viewerId: string,
  deleted: { messageId: string; senderId: string; recipientId: string },
): { wasLast: boolean } {
  const partnerId = partnerOf(viewerId, deleted);
  let removed: DirectMessage | undefined;
  updateThread(queryClient, partnerId, (messages) =>
    messages.filter((message) => {
      if (message.id !== deleted.messageId) return true;
      removed = message;
      return false;
    }),
  );
  let wasLast = false;
  const wasUnread = removed !== undefined && removed.recipientId === viewerId && !removed.isRead;
  updateConversation(queryClient, partnerId, (summary) => {
    wasLast = removed !== undefined && summary.lastMessage?.createdAt === removed.createdAt;
    return {
      ...summary,
      messageCount: removed ? Math.max(0, summary.messageCount - 1) : summary.messageCount,
      unreadCount: wasUnread ? Math.max(0, summary.unreadCount - 1) : summary.unreadCount,
      usedBytes:
        removed && removed.senderId === viewerId ? summary.usedBytes - removed.messageSizeBytes : summary.usedBytes,
    };
  });
  if (wasUnread) changeUnreadTotal(queryClient, -1);
  // No cached thread: what the message was is unknown, so the list asks the server once. A cached
  // thread without it has already dropped it (this tab deleted it).
  const threadCached = queryClient.getQueryData(messagesKey(partnerId)) !== undefined;
  return { wasLast: wasLast || !threadCached };
}

/**
 * The member's own bytes changed by `delta` in the conversation with `partnerId` (a send, an edit, a
 * delete): the quota and the per-conversation breakdown follow without a fetch. A conversation not
 * yet in the breakdown is fetched.
 */
export function applyOwnBytes(queryClient: QueryClient, partnerId: string, delta: number, countDelta = 0): void {
  if (delta === 0 && countDelta === 0) return;
  queryClient.setQueryData<Quota>(QUOTA_KEY, (quota) => {
    if (!quota) return quota;
    const usedBytes = Math.max(0, quota.usedBytes + delta);
    return {
      ...quota,
      usedBytes,
      remainingBytes: Math.max(0, quota.maxBytes - usedBytes),
      usagePercentage: quota.maxBytes > 0 ? (usedBytes / quota.maxBytes) * 100 : 0,
      isNearLimit: usedBytes >= quota.warningThreshold,
    };
  });
  const usage = queryClient.getQueryData<ConversationUsage[]>(CONVERSATION_USAGE_KEY);
  if (!usage) return;
  if (!usage.some((entry) => entry.otherUserId === partnerId)) {
    void queryClient.invalidateQueries({ queryKey: CONVERSATION_USAGE_KEY, exact: true });
    return;
  }
  queryClient.setQueryData<ConversationUsage[]>(CONVERSATION_USAGE_KEY, (list) =>
    list
      ?.map((entry) =>
        entry.otherUserId === partnerId
          ? {
              ...entry,
              usedBytes: Math.max(0, entry.usedBytes + delta),
              messageCount: Math.max(0, entry.messageCount + countDelta),
            }
          : entry,
      )
      .filter((entry) => entry.usedBytes > 0)
      .sort((a, b) => b.usedBytes - a.usedBytes),
  );
}
