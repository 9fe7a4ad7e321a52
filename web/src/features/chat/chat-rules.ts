import { displayName, type ChatSender, type StoredChatMessage } from '@crucible/proto';

/** One line of the panel, whether it came from the history or live. */
export interface ChatLine {
  key: string;
  content: string;
  sender: ChatSender;
  timestamp: string;
}

interface NamedPerson {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

/** First name plus last name, else e-mail, else 'Anonymous'. */
export function chatDisplayName(person: NamedPerson | null | undefined): string {
  return displayName(person, { withEmail: true, unknown: 'Anonymous' });
}

/** The avatar's fallback: the uppercase first letter of the name. */
export function avatarInitial(name: string): string {
  return name.charAt(0).toUpperCase();
}

/** Nothing is sent when it is blank, the socket is not open or no one is signed in. */
export function canSendChat(text: string, connected: boolean, signedIn: boolean): boolean {
  return text.trim().length > 0 && connected && signedIn;
}

/** Enter sends; Shift+Enter is a new line. A composing IME's Enter confirms the word, it does not send. */
export function isSendKey(event: { key: string; shiftKey: boolean; isComposing?: boolean }): boolean {
  return event.key === 'Enter' && !event.shiftKey && !event.isComposing;
}

export function chatTime(iso: string): string {
  return new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

export function lineFromStored(message: StoredChatMessage): ChatLine {
  return {
    key: message.id,
    content: message.content,
    sender: {
      id: message.senderId,
      name: chatDisplayName(message.sender),
      avatar: message.sender.profileImageUrl,
    },
    timestamp: message.createdAt,
  };
}
