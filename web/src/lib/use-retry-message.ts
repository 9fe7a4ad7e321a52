import { useEffect, useState } from 'react';
import { retryMessage } from './backoff.ts';

/** retryMessage for a query's failureReason, counting down once a second while a retry is awaited. */
export function useRetryMessage(failureReason: unknown): string | null {
  const [now, setNow] = useState(() => Date.now());
  const message = retryMessage(failureReason, now);
  useEffect(() => {
    if (!message) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [message]);
  return message;
}
