import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import type { EventEnvelope } from '@crucible/proto';
import { namespacedStream, type EventBus } from '@crucible/platform';
import { TEST_SERVICES } from './required-services.ts';

/** Random hex for names no other test run uses (e-mails, durables, prefixes). */
export function uniqueTag(bytes = 5): string {
  return randomBytes(bytes).toString('hex');
}

export interface EventCollector {
  readonly events: EventEnvelope[];
  /** Resolves once `predicate` holds for the events received so far. */
  waitUntil(predicate: (events: EventEnvelope[]) => boolean, timeoutMs?: number): Promise<EventEnvelope[]>;
  /** Stops the subscription and deletes its durable consumer from the shared server. */
  stop(): Promise<void>;
}

/** Deletes a durable consumer from the shared NATS server (tests leave none behind). */
export async function deleteDurable(durable: string, stream: string): Promise<void> {
  const nc = await connect({ servers: TEST_SERVICES.nats.url });
  try {
    const jsm = await jetstreamManager(nc);
    await jsm.consumers.delete(stream, durable).catch(() => false);
  } finally {
    await nc.close();
  }
}

/**
 * A durable consumer with a unique name on a stream (`stream` in the bus's namespace), where
 * `keep` picks this test's events (e.g. by user id or e-mail).
 */
export async function collectEvents(
  bus: EventBus,
  options: { stream: string; subjects: string[]; keep: (event: EventEnvelope) => boolean },
): Promise<EventCollector> {
  const durable = `${options.stream.toLowerCase()}_it_${uniqueTag(6)}`;
  const events: EventEnvelope[] = [];
  const subscription = await bus.subscribe({
    durable,
    subjects: options.subjects,
    handler: async (event) => {
      if (options.keep(event)) events.push(event);
    },
  });
  return {
    events,
    async waitUntil(predicate, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(events)) {
        if (Date.now() > deadline)
          throw new Error(
            `events did not arrive in ${timeoutMs} ms; got ${JSON.stringify(events.map((event) => [event.subject, event.payload]))}`,
          );
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return events;
    },
    async stop() {
      await subscription.stop();
      await deleteDurable(durable, namespacedStream(bus.namespace, options.stream));
    },
  };
}

/** A server bound before its service existed (to know its URL) hands its requests to the service's app. */
export function swapHandler(server: Server, app: (req: never, res: never) => void): void {
  server.removeAllListeners('request');
  server.on('request', app as never);
}
