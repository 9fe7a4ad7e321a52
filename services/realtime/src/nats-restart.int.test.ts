import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { SUBJECTS } from '@crucible/proto';
import { createNatsEventBus, newEvent, silentLogger, type EventBus } from '@crucible/platform';
import { startNatsProcess, type NatsProcess } from './testing/nats-process.ts';
import {
  TestSocket,
  createRealtimeWorld,
  type RealtimeInstance,
  type RealtimeWorld,
} from './testing/realtime-harness.ts';

let nats: NatsProcess;
let world: RealtimeWorld;
let rt: RealtimeInstance;
let publisher: EventBus;

beforeAll(async () => {
  nats = await startNatsProcess();
  world = await createRealtimeWorld();
  rt = await world.startInstance({ natsUrl: nats.url });
  // dm's outbox relay in miniature: its own connection, retrying a publish the broker refused.
  publisher = await createNatsEventBus({
    url: nats.url,
    name: 'dm-stand-in',
    logger: silentLogger,
    namespace: world.namespace,
  });
}, 60_000);
afterAll(async () => {
  await publisher?.close();
  await world?.stop();
  await nats?.dispose();
});

/** Publishes refused while the broker is down, so the test knows the outage was met. */
let refusedPublishes = 0;

async function publishUntilStored(bus: EventBus, event: ReturnType<typeof newEvent>): Promise<void> {
  await vi.waitFor(
    async () => {
      try {
        await bus.publish(event);
      } catch (error) {
        refusedPublishes += 1;
        throw error;
      }
    },
    { timeout: 30_000, interval: 100 },
  );
}

it('delivers every DM of a burst once when NATS restarts in the middle, the socket staying open', async () => {
  const [sender, recipient] = [await world.member(), await world.member()];
  const socket = await TestSocket.open(rt.wsUrl, recipient.token);
  const events = Array.from({ length: 40 }, (_, index) =>
    newEvent(SUBJECTS.dmMessageCreated, {
      id: randomUUID(),
      content: `message ${index}`,
      senderId: sender.id,
      recipientId: recipient.id,
      createdAt: new Date().toISOString(),
      messageSizeBytes: 10,
    }),
  );

  for (const event of events.slice(0, 20)) await publishUntilStored(publisher, event);
  await nats.stop();
  // The broker comes back once a publish has met it down, as dm's relay would during an outage.
  const restarted = (async () => {
    await vi.waitFor(() => expect(refusedPublishes).toBeGreaterThan(0), { timeout: 30_000, interval: 20 });
    await nats.start();
  })();
  for (const event of events.slice(20)) await publishUntilStored(publisher, event);
  await restarted;

  await vi.waitFor(() => expect(socket.of('direct_message')).toHaveLength(events.length), {
    timeout: 30_000,
    interval: 100,
  });
  const ids = socket.of('direct_message').map((push) => push.message.id);
  expect(new Set(ids).size).toBe(ids.length);
  expect(new Set(ids)).toEqual(new Set(events.map((event) => event.payload.id)));
  // A push lost while the broker was away comes with the event's redelivery, once JetStream's ack
  // wait (30 s) has passed.
  await vi.waitFor(() => expect(socket.of('notification')).toHaveLength(events.length), {
    timeout: 60_000,
    interval: 100,
  });
  expect(socket.socket.readyState).toBe(socket.socket.OPEN);
  await socket.close();
}, 90_000);
