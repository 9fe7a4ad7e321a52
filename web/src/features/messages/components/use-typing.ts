import { useEffect, useRef, useState } from 'react';
import { useLiveMessages, useLiveSocket } from '../../../lib/live-socket/live-socket-context.tsx';

/** The indicator stays for 3 s after the last typing event, so a pause in typing does not flicker it. */
export const TYPING_SHOWN_MS = 3_000;
/** A keystroke re-announces typing at most this often, so the socket does not carry one event per key. */
const TYPING_ANNOUNCE_MS = 2_000;

/** Whether the partner is typing to the viewer, from the global socket's typing events. */
export function usePartnerTyping(partnerId: string): boolean {
  const [typing, setTyping] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useLiveMessages((message) => {
    if (message.type !== 'typing' || message.senderId !== partnerId) return;
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setTyping(message.isTyping);
    if (message.isTyping) timer.current = setTimeout(() => setTyping(false), TYPING_SHOWN_MS);
  });

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      setTyping(false);
    },
    [partnerId],
  );
  return typing;
}

/** Tells the partner the viewer is typing (throttled) and that they stopped when the draft is sent or emptied. */
export function useAnnounceTyping(partnerId: string) {
  const socket = useLiveSocket();
  const lastAnnounced = useRef(0);
  return {
    draftChanged(draft: string) {
      if (!socket) return;
      if (draft.trim() === '') {
        if (lastAnnounced.current) socket.send({ type: 'typing', recipientId: partnerId, isTyping: false });
        lastAnnounced.current = 0;
        return;
      }
      const now = Date.now();
      if (now - lastAnnounced.current < TYPING_ANNOUNCE_MS) return;
      lastAnnounced.current = now;
      socket.send({ type: 'typing', recipientId: partnerId, isTyping: true });
    },
  };
}
