import type { OnlineUser, ServerSocketMessage } from '@crucible/proto';

type OnlineUsersChanged = Extract<ServerSocketMessage, { type: 'online_users_changed' }>;

/**
 * The online list after one online_users_changed: who left goes, who joined is added (or replaced,
 * never listed twice). Without a list yet there is nothing to change: the full list comes on connect.
 */
export function applyOnlineChanges(
  users: OnlineUser[] | undefined,
  change: Pick<OnlineUsersChanged, 'joined' | 'left'>,
): OnlineUser[] | undefined {
  if (!users) return users;
  const gone = new Set([...change.left, ...change.joined.map((user) => user.id)]);
  return [...users.filter((user) => !gone.has(user.id)), ...change.joined];
}
