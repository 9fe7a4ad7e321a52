import type { Subscription } from './event-bus.ts';

/**
 * One thing a service takes from the bus: a durable consumer of events, or the repliers of its
 * questions. Each service lists its own in `src/events.ts`, the one place to read what it consumes
 * and answers.
 */
export type BusEndpoint = () => Promise<Subscription | Subscription[]>;

/** Starts each in order; when one fails, what started is stopped before the error is thrown. */
export async function startBusEndpoints(endpoints: readonly BusEndpoint[]): Promise<Subscription[]> {
  const started: Subscription[] = [];
  try {
    for (const start of endpoints) started.push(...[await start()].flat());
    return started;
  } catch (error) {
    for (const subscription of started.reverse()) await subscription.stop();
    throw error;
  }
}
