import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { describeEventBusContract } from './event-bus.contract.ts';
import { EventBusUnavailableError, type EventBus } from './event-bus.ts';
import { newEvent } from './outbox.ts';
import {
  EventInbox,
  connectToTestNats,
  createTestBus,
  deleteTestStreams,
  silentLogger,
  startPrivateNatsServer,
  uniqueStream,
  type PrivateNatsServer,
  type TestStream,
} from './test-support.ts';

let admin: NatsConnection;

beforeAll(async () => {
  admin = await connectToTestNats();
});

afterAll(async () => {
  if (!admin) return;
  await deleteTestStreams(admin);
  await admin.close();
});

describeEventBusContract('NATS', (stream) => createTestBus('NATS', stream));
describeEventBusContract('in-process', (stream) => createTestBus('in-process', stream));

describe('NATS event bus', () => {
  const WAIT = { timeout: 10_000, interval: 20 };

  it('terminates a message that is not an event envelope and keeps consuming', async () => {
    const stream = uniqueStream();
    const logger = { ...silentLogger, error: vi.fn() };
    const bus = await createTestBus('NATS', stream, { logger });
    try {
      const inbox = new EventInbox();
      await bus.subscribe({ durable: 'reader', subjects: [stream.subjects], handler: inbox.handler });
      await jetstream(admin).publish(`${stream.name}.user.created`, 'not json');
      const good = newEvent(`${stream.name}.user.created`, {});
      await bus.publish(good);
      await vi.waitFor(() => expect(inbox.ids()).toEqual([good.id]), WAIT);
      expect(logger.error).toHaveBeenCalledWith(
        expect.objectContaining({ subject: `${stream.name}.user.created` }),
        expect.any(String),
      );
    } finally {
      await bus.close();
    }
  });

  it('fails to start with EventBusUnavailableError when NATS is not reachable', async () => {
    await expect(createTestBus('NATS', uniqueStream(), { url: 'nats://127.0.0.1:1' })).rejects.toBeInstanceOf(
      EventBusUnavailableError,
    );
  });

  it('refuses a subject that falls in none of its streams', async () => {
    const stream = uniqueStream();
    const bus = await createTestBus('NATS', stream);
    try {
      await expect(bus.publish(newEvent('elsewhere.user.created', {}))).rejects.toThrow(/none of the streams/);
      await expect(
        bus.subscribe({ durable: 'reader', subjects: ['elsewhere.>'], handler: async () => {} }),
      ).rejects.toThrow(/none of the streams/);
    } finally {
      await bus.close();
    }
  });

  it('refuses request-reply on a subject that a stream stores', async () => {
    const stream = uniqueStream();
    const bus = await createTestBus('NATS', stream);
    try {
      await expect(bus.request(`${stream.name}.rpc.ask`, {})).rejects.toThrow(/outside the streams/);
      await expect(bus.reply(`${stream.name}.rpc.ask`, async () => 'answer')).rejects.toThrow(/outside the streams/);
    } finally {
      await bus.close();
    }
  });

  describe('across broker restarts (a private nats-server, never the shared one)', () => {
    let server: PrivateNatsServer;
    let bus: EventBus;
    let inbox: EventInbox;
    let stream: TestStream;

    beforeAll(async () => {
      server = await startPrivateNatsServer();
    });
    afterAll(() => server?.dispose());
    afterEach(() => bus?.close());

    async function privateBus() {
      stream = uniqueStream();
      bus = await createTestBus('NATS', stream, { url: server.url });
    }

    async function subscribedBus() {
      await privateBus();
      inbox = new EventInbox();
      await bus.subscribe({ durable: 'survivor', subjects: [stream.subjects], handler: inbox.handler });
      const before = newEvent(`${stream.name}.user.created`, {});
      await bus.publish(before);
      await vi.waitFor(() => expect(inbox.ids()).toEqual([before.id]), WAIT);
    }

    async function restartServer(options: { withEmptyStorage: boolean }) {
      await server.stop();
      await vi.waitFor(async () => expect(await bus.isHealthy()).toBe(false), WAIT);
      await server.start(options);
      await vi.waitFor(async () => expect(await bus.isHealthy()).toBe(true), WAIT);
    }

    it('keeps consuming after the server restarts', async () => {
      await subscribedBus();
      await restartServer({ withEmptyStorage: false });
      const after = newEvent(`${stream.name}.user.updated`, {});
      await bus.publish(after);
      await vi.waitFor(() => expect(inbox.ids()).toContain(after.id), WAIT);
    });

    it('recreates its streams when the server comes back without its storage, so publishing works again', async () => {
      await privateBus();
      await restartServer({ withEmptyStorage: true });
      await vi.waitFor(() => bus.publish(newEvent(`${stream.name}.user.created`, {})), WAIT);
    });

    it('recreates its stream and consumer when the server comes back without its storage', async () => {
      await subscribedBus();
      await restartServer({ withEmptyStorage: true });
      const after = newEvent(`${stream.name}.user.updated`, {});
      // The stream comes back moments after the connection does.
      await vi.waitFor(() => bus.publish(after), WAIT);
      await vi.waitFor(() => expect(inbox.ids()).toContain(after.id), WAIT);
    });
  });
});
