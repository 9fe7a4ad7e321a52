import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What every log line written while handling one request or one event carries (createLogger's
 * mixin adds it): `reqId` during a request, `eventId`/`subject`/`consumer` while a consumer handles
 * an event. `events` collects the ids of events a request emitted, so its request line links it to
 * the consumers' lines about those events (RUNBOOK.md, "Read the metrics").
 */
export interface LogContext {
  reqId?: string;
  eventId?: string;
  subject?: string;
  consumer?: string;
  /** Ids of the events emitted while handling this request (not logged on every line). */
  events?: string[];
}

const storage = new AsyncLocalStorage<LogContext>();

export function withLogContext<T>(context: LogContext, work: () => T): T {
  return storage.run(context, work);
}

export function currentLogContext(): LogContext | undefined {
  return storage.getStore();
}

/** The fields a log line gets from the current context (pino mixin). */
export function logContextFields(): Record<string, string> {
  const { reqId, eventId, subject, consumer } = storage.getStore() ?? {};
  return Object.fromEntries(
    Object.entries({ reqId, eventId, subject, consumer }).filter(([, value]) => value !== undefined),
  ) as Record<string, string>;
}
