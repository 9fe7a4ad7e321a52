import type { CurrentUser, OnlineUser } from '@crucible/proto';
import { useQueryClient } from '@tanstack/react-query';
import { ONLINE_USERS_QUERY_KEY } from '../features/dashboard/api/get-online-users.ts';
import { applyOnlineChanges } from '../lib/live-socket/online-users.ts';
import {
  applyMessageDeleted,
  applyMessageEdited,
  applyMessagesRead,
  applyNewMessage,
} from '../features/messages/api/live-cache.ts';
import { CONVERSATIONS_KEY, DIRECT_MESSAGES_KEY } from '../features/messages/api/message-query-keys.ts';
import { NOTIFICATIONS_QUERY_KEY } from '../features/notifications/api/get-notifications.ts';
import { applyNotification, applyNotificationsRead } from '../features/notifications/api/live-cache.ts';
import { useToast } from '../components/toast/toast-context.ts';
import { useLiveConnected, useLiveMessages, useLiveSocket } from '../lib/live-socket/live-socket-context.tsx';

/**
 * Turns the global socket's events into cache updates, here in the app because it touches several
 * features' data. Each frame is applied to the cached thread, conversation list and counts in place
 * (live-cache.ts): a received message costs no request while the socket is up. Only what the cache
 * cannot know is fetched: the summary of a conversation it does not list yet, and the new last
 * message of a conversation whose last one was deleted.
 */
export function LiveUpdates({ user }: { user: CurrentUser }) {
  const queryClient = useQueryClient();
  const socket = useLiveSocket();
  const showToast = useToast();

  useLiveConnected(() => {
    socket?.send({
      type: 'user_online',
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      accessLevel: user.accessLevel,
    });
    // Anything that happened while the socket was away is fetched again.
    void queryClient.invalidateQueries({ queryKey: DIRECT_MESSAGES_KEY });
    void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
  });

  useLiveMessages((message) => {
    switch (message.type) {
      case 'direct_message':
        if (!applyNewMessage(queryClient, user.id, message.message))
          void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY, exact: true });
        break;
      case 'message_read':
        applyMessagesRead(queryClient, message);
        break;
      case 'message_edited':
        applyMessageEdited(queryClient, user.id, message.message);
        break;
      case 'message_deleted':
        if (applyMessageDeleted(queryClient, user.id, message).wasLast)
          void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY, exact: true });
        break;
      case 'notification':
        // A kind the member wants live only is not stored: shown once, not listed or counted.
        if (message.live) showToast({ title: message.notification.title, description: message.notification.message });
        else applyNotification(queryClient, message.notification);
        break;
      case 'notifications_read':
        applyNotificationsRead(queryClient, message.ids);
        break;
      case 'online_users_update':
        queryClient.setQueryData(ONLINE_USERS_QUERY_KEY, message.users);
        break;
      case 'online_users_changed':
        queryClient.setQueryData(ONLINE_USERS_QUERY_KEY, (users: OnlineUser[] | undefined) =>
          applyOnlineChanges(users, message),
        );
        break;
    }
  });

  return null;
}
