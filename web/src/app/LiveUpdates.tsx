import type { CurrentUser, OnlineUser } from '@crucible/proto';
import { useQueryClient } from '@tanstack/react-query';
import { ONLINE_USERS_QUERY_KEY } from '../features/dashboard/api/get-online-users.ts';
import { applyOnlineChanges } from '../lib/live-socket/online-users.ts';
import { DIRECT_MESSAGES_KEY } from '../features/messages/api/message-query-keys.ts';
import { NOTIFICATIONS_QUERY_KEY } from '../features/notifications/api/get-notifications.ts';
import { useLiveConnected, useLiveMessages, useLiveSocket } from '../lib/live-socket/live-socket-context.tsx';

/**
 * Turns the global socket's events into cache updates, here in the app because it touches several
 * features' data. Invalidating the direct-messages prefix refreshes the unread badge, the conversation
 * list and the open thread at once.
 */
export function LiveUpdates({ user }: { user: CurrentUser }) {
  const queryClient = useQueryClient();
  const socket = useLiveSocket();

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
      case 'message_read':
        void queryClient.invalidateQueries({ queryKey: DIRECT_MESSAGES_KEY });
        break;
      case 'notification':
        void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
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
