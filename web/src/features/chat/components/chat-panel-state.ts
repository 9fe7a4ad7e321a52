import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** Closer than this to the bottom counts as reading the newest message. */
const AT_BOTTOM_PX = 24;
/** Closer than this to the top asks for the older page. */
const NEAR_TOP_PX = 48;

/** A text this panel sent, with the names it carries: `clientId` for a refusal, `idempotencyKey` for a resend. */
export interface PendingSend {
  clientId: string;
  idempotencyKey: string;
  content: string;
}

/**
 * The texts this panel sent and the server has not shown yet, by the id each send carried: a refusal
 * names the id, so the right text goes back into the box. Refusals reach only the socket that sent,
 * so a counter is id enough. Each text keeps one idempotency key: sent again after a reconnect, it is
 * stored once, however often it went out.
 */
class PendingSends {
  private readonly sends = new Map<string, PendingSend>();
  private counter = 0;

  add(content: string): PendingSend {
    this.counter += 1;
    const send = { clientId: `send-${this.counter}`, idempotencyKey: crypto.randomUUID(), content };
    this.sends.set(send.clientId, send);
    return send;
  }

  take(clientId: string | null): string | undefined {
    if (!clientId) return undefined;
    const text = this.sends.get(clientId)?.content;
    this.sends.delete(clientId);
    return text;
  }

  /** The member's own message came back as chat: it was sent, nothing to restore. */
  delivered(content: string): void {
    for (const [clientId, send] of this.sends)
      if (send.content === content) {
        this.sends.delete(clientId);
        return;
      }
  }

  /** What has not come back yet, oldest first: sent again, with the same keys, once the socket is back. */
  unconfirmed(): PendingSend[] {
    return [...this.sends.values()];
  }
}

export function usePendingSends(): PendingSends {
  const [pending] = useState(() => new PendingSends());
  return pending;
}

/**
 * What the server said when it refused a message and, for the rate limit, a countdown to when
 * sending is possible again; `waiting` holds the Send button until then.
 */
export function useChatRefusal() {
  const [refusal, setRefusal] = useState<{ message: string; until: number | null } | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const until = refusal?.until;
    if (!until) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= until) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [refusal]);

  const show = useCallback((message: string, retryAfterSeconds: number | null) => {
    const current = Date.now();
    setNow(current);
    setRefusal({ message, until: retryAfterSeconds ? current + retryAfterSeconds * 1000 : null });
  }, []);
  const clear = useCallback(() => setRefusal(null), []);

  const secondsLeft = refusal?.until ? Math.max(0, Math.ceil((refusal.until - now) / 1000)) : 0;
  let text: string | null = null;
  if (refusal && !refusal.until) text = refusal.message;
  else if (refusal && secondsLeft > 0) text = `${refusal.message} You can send again in ${secondsLeft} s.`;
  else if (refusal) text = 'You can send again now.';
  return { text, waiting: secondsLeft > 0, show, clear };
}

/**
 * Keeps the list at the newest message while the member is there; one who scrolled up to read stays
 * put and is told of new messages (`unseen`) instead. Older messages put in above keep the position.
 */
export function useStickToBottom({
  firstKey,
  lastKey,
  lastIsOwn,
}: {
  firstKey: string | undefined;
  lastKey: string | undefined;
  lastIsOwn: boolean;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const beforePrepend = useRef<{ height: number; top: number } | null>(null);
  const [unseen, setUnseen] = useState(false);

  const toBottom = useCallback(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
    atBottom.current = true;
    setUnseen(false);
  }, []);

  useLayoutEffect(() => {
    const list = listRef.current;
    const saved = beforePrepend.current;
    if (!list || !saved) return;
    beforePrepend.current = null;
    list.scrollTop = saved.top + (list.scrollHeight - saved.height);
  }, [firstKey]);

  useLayoutEffect(() => {
    if (!lastKey) return;
    // One's own message always shows: it is the answer to pressing Send.
    if (atBottom.current || lastIsOwn) toBottom();
    else setUnseen(true);
  }, [lastKey, lastIsOwn, toBottom]);

  return {
    listRef,
    unseen,
    toBottom,
    /** Call from the list's scroll event; says whether the member reached the top. */
    onScroll(): { nearTop: boolean } {
      const list = listRef.current;
      if (!list) return { nearTop: false };
      atBottom.current = list.scrollHeight - list.scrollTop - list.clientHeight < AT_BOTTOM_PX;
      if (atBottom.current) setUnseen(false);
      return { nearTop: list.scrollTop < NEAR_TOP_PX };
    },
    /** Call before asking for older messages: their arrival then leaves the visible ones in place. */
    keepPositionWhilePrepending(): void {
      const list = listRef.current;
      if (list) beforePrepend.current = { height: list.scrollHeight, top: list.scrollTop };
    },
  };
}
