/**
 * The live socket's message shapes, as spec 1 section 7 and issue 12 name them. The realtime service
 * is being built on its own branch; once it publishes these shapes in @crucible/proto, import them
 * from there and delete this file.
 */
export interface LiveChatSender {
  id: string;
  name: string;
  avatar: string | null;
}

export interface OnlineUser {
  id: string;
  email: string | null;
  firstName: string | null;
  accessLevel: string | null;
}

export type ServerMessage =
  | { type: 'chat'; content: string; sender: LiveChatSender; timestamp: string }
  | { type: 'online_users_update'; users: OnlineUser[] }
  | { type: 'direct_message'; conversationId?: string; senderId?: string; message?: unknown }
  | { type: 'message_read'; conversationId?: string; readerId?: string; readAt?: string }
  | { type: 'notification'; notification?: unknown }
  | { type: 'typing'; senderId: string; isTyping: boolean };

export type ServerMessageType = ServerMessage['type'];

export type ClientMessage =
  | { type: 'chat'; content: string; sender: LiveChatSender; timestamp: string }
  | ({ type: 'user_online' } & OnlineUser)
  | { type: 'typing'; recipientId: string; isTyping: boolean };

const SERVER_MESSAGE_TYPES: readonly string[] = [
  'chat',
  'online_users_update',
  'direct_message',
  'message_read',
  'notification',
  'typing',
] satisfies ServerMessageType[];

/** Null for anything that is not JSON with a known type: spec 1 section 7 says such messages are logged and ignored. */
export function parseServerMessage(data: unknown): ServerMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(data);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const type = (parsed as { type?: unknown }).type;
    return typeof type === 'string' && SERVER_MESSAGE_TYPES.includes(type) ? (parsed as ServerMessage) : null;
  } catch {
    return null;
  }
}
