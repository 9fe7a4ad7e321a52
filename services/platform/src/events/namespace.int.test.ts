/**
 * NATS_NAMESPACE on the real broker: two deployments on one server with the production stream
 * table (EVENT_STREAMS) and the same durable names, and payloads checked against proto's event map.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jetstreamManager } from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/transport-node';
import { RPC, SUBJECTS, type EventEnvelope, type UserEventPayload } from '@crucible/proto';
import { deleteNamespaceStreams, uniqueNamespace } from '@crucible/test-kit';
import { EventBusUnavailableError, type EventBus } from './event-bus.ts';
import type { EventsLogger } from './logger.ts';
import { createMemoryEventBus } from './memory-event-bus.ts';
import { createNatsEventBus } from './nats-event-bus.ts';
import { newEvent } from './outbox.ts';
import { STREAM_MAX_AGE_MS } from './retention.ts';
import { EventInbox, NATS_URL, connectToTestNats, silentLogger } from './test-support.ts';

const WAIT = { timeout: 10_000, interval: 20 };

function member(firstName: string): UserEventPayload {
  return {
    id: crypto.randomUUID(),
    email: `${firstName.toLowerCase()}@example.test`,
    firstName,
    lastName: null,
    profileImageUrl: null,
    accessLevel: 'Apprentice',
    isAdmin: false,
    isModerator: false,
  };
}

let admin: NatsConnection;
const namespaces = [uniqueNamespace('ns-it'), uniqueNamespace('ns-it')] as const;
const buses: EventBus[] = [];

beforeAll(async () => {
  admin = await connectToTestNats();
  for (const namespace of namespaces)
    buses.push(await createNatsEventBus({ url: NATS_URL, name: 'namespace-it', namespace, logger: silentLogger }));
});

afterAll(async () => {
  await Promise.all(buses.map((bus) => bus.close()));
  await Promise.all(namespaces.map((namespace) => deleteNamespaceStreams(namespace)));
  await admin?.close();
});

describe('NATS_NAMESPACE', () => {
  it("keeps each namespace's events to its own consumers, which see the logical subject", async () => {
    const [first, second] = buses as [EventBus, EventBus];
    const firstInbox = new EventInbox();
    const secondInbox = new EventInbox();
    // The same durable name in both: a namespaced stream scopes its durables.
    await first.subscribe({ durable: 'forum-users', subjects: [SUBJECTS.userCreated], handler: firstInbox.handler });
    await second.subscribe({ durable: 'forum-users', subjects: [SUBJECTS.userCreated], handler: secondInbox.handler });

    const ada = newEvent(SUBJECTS.userCreated, member('Ada'));
    const alan = newEvent(SUBJECTS.userCreated, member('Alan'));
    const grace = newEvent(SUBJECTS.userCreated, member('Grace'));
    await first.publish(ada);
    await first.publish(alan);
    await second.publish(grace);

    await vi.waitFor(() => expect(firstInbox.ids()).toEqual([ada.id, alan.id]), WAIT);
    await vi.waitFor(() => expect(secondInbox.ids()).toEqual([grace.id]), WAIT);
    expect(firstInbox.events[0]!.subject).toBe('auth.user.created');
  });

  it('stores events in streams and subjects named by the namespace, kept for the retention limit', async () => {
    const jsm = await jetstreamManager(admin);
    const info = await jsm.streams.info(`${namespaces[0]}_AUTH`);
    expect(info.config.subjects).toEqual([`${namespaces[0]}.auth.>`]);
    expect(info.config.max_age).toBe(nanos(STREAM_MAX_AGE_MS));
  });

  it("answers questions within the namespace only: another deployment's auth is not asked", async () => {
    const [first, second] = buses as [EventBus, EventBus];
    const answeredByFirst = member('First');
    const replier = await first.reply(RPC.authUser, async () => answeredByFirst);
    try {
      const question = { id: answeredByFirst.id };
      expect(await first.request(RPC.authUser, question, { timeoutMs: 2_000 })).toEqual(answeredByFirst);
      await expect(second.request(RPC.authUser, question, { timeoutMs: 500 })).rejects.toBeInstanceOf(
        EventBusUnavailableError,
      );
    } finally {
      await replier.stop();
    }
  });
});

describe.each([
  [
    'NATS',
    (logger: EventsLogger) =>
      createNatsEventBus({ url: NATS_URL, name: 'namespace-it', namespace: namespaces[0], logger }),
  ],
  ['in-process', async (logger: EventsLogger) => createMemoryEventBus({ logger })],
] as const)('%s bus given a payload that does not match its subject', (_kind, createBus) => {
  it('drops it (logged, not retried) and goes on to the next event, handing over the parsed payload', async () => {
    const logger = { ...silentLogger, error: vi.fn() };
    const bus = await createBus(logger);
    try {
      const received: EventEnvelope[] = [];
      await bus.subscribe({
        durable: `typed-${crypto.randomUUID()}`,
        subjects: [SUBJECTS.userUpdated],
        handler: async (event) => void received.push(event),
      });

      const broken = { ...newEvent(SUBJECTS.userUpdated, member('Broken')), payload: { id: 42 } };
      const valid = newEvent(SUBJECTS.userUpdated, {
        ...member('Valid'),
        extra: 'not in the schema',
      } as UserEventPayload);
      await bus.publish(broken);
      await bus.publish(valid);

      await vi.waitFor(() => expect(received.map((event) => event.id)).toEqual([valid.id]), WAIT);
      expect(received[0]!.payload).not.toHaveProperty('extra');
      expect(logger.error).toHaveBeenCalledWith(
        expect.objectContaining({ eventId: broken.id }),
        expect.stringMatching(/payload does not match/),
      );
    } finally {
      await bus.close();
    }
  });
});
