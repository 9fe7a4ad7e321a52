/**
 * What every EventBus must do, as one vitest suite; each implementation's test file runs it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EventBusReplyError, EventBusUnavailableError, type EventBus } from './event-bus.ts';
import { newEvent } from './outbox.ts';
import { EventInbox, uniqueStream, type TestStream } from './test-support.ts';

const WAIT = { timeout: 5_000, interval: 10 };
const FAST_RETRY_MS = 50;

export function describeEventBusContract(name: string, makeBus: (stream: TestStream) => Promise<EventBus>): void {
  describe(`${name} event bus`, () => {
    let bus: EventBus;
    let prefix: string;

    beforeEach(async () => {
      const stream = uniqueStream();
      prefix = stream.name;
      bus = await makeBus(stream);
    });
    afterEach(() => bus.close());

    const event = (path: string, payload: unknown = {}) => newEvent(`${prefix}.${path}`, payload);
    // Outside the stream's subjects, as request-reply subjects must be: a stream would answer them itself.
    const rpc = (name: string) => `${prefix}-rpc.${name}`;
    const publishAll = async (events: ReturnType<typeof event>[]) => {
      for (const each of events) await bus.publish(each);
    };
    const subscribeInbox = async (durable: string, subjects = [`${prefix}.>`]) => {
      const inbox = new EventInbox();
      const subscription = await bus.subscribe({ durable, subjects, handler: inbox.handler });
      return { inbox, subscription };
    };

    it('delivers a published event to a durable subscriber', async () => {
      const { inbox } = await subscribeInbox('reader');
      const created = event('user.created', { name: 'Ada' });
      await bus.publish(created);
      await vi.waitFor(() => expect(inbox.events).toEqual([created]), WAIT);
    });

    it('delivers events published before the durable subscribed, in order', async () => {
      const events = [event('user.created'), event('user.updated'), event('user.deleted')];
      await publishAll(events);
      const { inbox } = await subscribeInbox('late-reader');
      await vi.waitFor(() => expect(inbox.ids()).toEqual(events.map((each) => each.id)), WAIT);
    });

    it('delivers an event published twice with the same id only once', async () => {
      const { inbox } = await subscribeInbox('reader');
      const twice = event('user.created');
      const marker = event('user.updated');
      await publishAll([twice, twice, marker]);
      await vi.waitFor(() => expect(inbox.ids()).toContain(marker.id), WAIT);
      expect(inbox.ids()).toEqual([twice.id, marker.id]);
    });

    it('redelivers an event whose handler threw', async () => {
      const attempts: string[] = [];
      await bus.subscribe({
        durable: 'flaky',
        subjects: [`${prefix}.>`],
        retryDelayMs: FAST_RETRY_MS,
        handler: async (received) => {
          attempts.push(received.id);
          if (attempts.length === 1) throw new Error('first attempt fails');
        },
      });
      const created = event('user.created');
      await bus.publish(created);
      await vi.waitFor(() => expect(attempts).toEqual([created.id, created.id]), WAIT);
    });

    it('gives every durable name its own copy of each event', async () => {
      const first = await subscribeInbox('audit');
      const second = await subscribeInbox('replica');
      const events = [event('user.created'), event('user.updated')];
      await publishAll(events);
      const ids = events.map((each) => each.id);
      await vi.waitFor(() => {
        expect(first.inbox.ids()).toEqual(ids);
        expect(second.inbox.ids()).toEqual(ids);
      }, WAIT);
    });

    it('splits the events among subscriptions that share a durable name, each event once', async () => {
      const slowInbox = () => {
        const inbox = new EventInbox();
        const handler = async (received: Parameters<EventInbox['handler']>[0]) => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          await inbox.handler(received);
        };
        return { inbox, handler };
      };
      const replicas = [slowInbox(), slowInbox()];
      for (const replica of replicas)
        await bus.subscribe({ durable: 'workers', subjects: [`${prefix}.>`], handler: replica.handler });
      const events = Array.from({ length: 20 }, (_, index) => event(`task.${index}`));
      await publishAll(events);

      const received = () => replicas.flatMap((replica) => replica.inbox.ids());
      await vi.waitFor(() => expect(received()).toHaveLength(events.length), WAIT);
      expect(new Set(received())).toEqual(new Set(events.map((each) => each.id)));
      for (const replica of replicas) expect(replica.inbox.events.length).toBeGreaterThan(0);
    });

    it('resumes a durable name where its last subscription stopped', async () => {
      const before = event('user.created');
      const whileAway = event('user.updated');
      const first = await subscribeInbox('resumable');
      await bus.publish(before);
      await vi.waitFor(() => expect(first.inbox.ids()).toEqual([before.id]), WAIT);
      await first.subscription.stop();

      await bus.publish(whileAway);
      const second = await subscribeInbox('resumable');
      await vi.waitFor(() => expect(second.inbox.ids()).toEqual([whileAway.id]), WAIT);
      expect(first.inbox.ids()).toEqual([before.id]);
    });

    it('delivers only the subjects a subscriber asked for, * matching one token and > the rest', async () => {
      const { inbox } = await subscribeInbox('filtered', [`${prefix}.user.*`, `${prefix}.forum.>`]);
      const wanted = [event('user.created'), event('forum.reply.created'), event('forum.vote.cast')];
      const unwanted = [event('user.session.revoked'), event('dm.message.created')];
      const [userCreated, replyCreated, voteCast] = wanted;
      await publishAll([userCreated!, unwanted[0]!, replyCreated!, unwanted[1]!, voteCast!]);
      await vi.waitFor(() => expect(inbox.ids()).toEqual(wanted.map((each) => each.id)), WAIT);
    });

    it('delivers a single-subject subscription only that subject', async () => {
      const { inbox } = await subscribeInbox('single', [`${prefix}.user.created`]);
      const created = event('user.created');
      await publishAll([event('user.updated'), created]);
      await vi.waitFor(() => expect(inbox.ids()).toEqual([created.id]), WAIT);
    });

    it('answers a request through a replier', async () => {
      await bus.reply(rpc('double'), async (payload) => ({ doubled: (payload as { n: number }).n * 2 }));
      await expect(bus.request(rpc('double'), { n: 21 })).resolves.toEqual({ doubled: 42 });
    });

    it('rejects a request nobody answers with EventBusUnavailableError, quickly', async () => {
      const startedAt = Date.now();
      const request = bus.request(rpc('nobody'), {}, { timeoutMs: 300 });
      await expect(request).rejects.toBeInstanceOf(EventBusUnavailableError);
      await expect(request).rejects.toMatchObject({ statusCode: 503 });
      expect(Date.now() - startedAt).toBeLessThan(1_000);
    });

    it('rejects a request that outlives its timeout with EventBusUnavailableError', async () => {
      await bus.reply(rpc('slow'), () => new Promise((resolve) => setTimeout(resolve, 300)));
      await expect(bus.request(rpc('slow'), {}, { timeoutMs: 100 })).rejects.toBeInstanceOf(EventBusUnavailableError);
    });

    it('rejects a request whose replier threw with EventBusReplyError', async () => {
      await bus.reply(rpc('broken'), async () => {
        throw new Error('the replier is broken');
      });
      await expect(bus.request(rpc('broken'), {})).rejects.toBeInstanceOf(EventBusReplyError);
    });

    it('stops answering once the replier stops', async () => {
      const replier = await bus.reply(rpc('once'), async () => 'here');
      await replier.stop();
      await expect(bus.request(rpc('once'), {}, { timeoutMs: 300 })).rejects.toBeInstanceOf(EventBusUnavailableError);
    });

    it('broadcasts to every subscriber, each receiving its own copy with the logical subject', async () => {
      const first: unknown[] = [];
      const second: unknown[] = [];
      await bus.subscribeBroadcast(rpc('live.*'), (payload, subject) => first.push({ payload, subject }));
      await bus.subscribeBroadcast(rpc('live.*'), (payload, subject) => second.push({ payload, subject }));
      await bus.broadcast(rpc('live.chat'), { text: 'hi' });
      const expected = [{ payload: { text: 'hi' }, subject: rpc('live.chat') }];
      await vi.waitFor(() => expect([first, second]).toEqual([expected, expected]), WAIT);
    });

    it('stops broadcasting to a subscription once it stops', async () => {
      const received: unknown[] = [];
      const kept: unknown[] = [];
      const stopped = await bus.subscribeBroadcast(rpc('live'), (payload) => received.push(payload));
      await bus.subscribeBroadcast(rpc('live'), (payload) => kept.push(payload));
      await stopped.stop();
      await bus.broadcast(rpc('live'), 1);
      await vi.waitFor(() => expect(kept).toEqual([1]), WAIT);
      expect(received).toEqual([]);
    });

    it('reports healthy until it is closed', async () => {
      expect(await bus.isHealthy()).toBe(true);
      await bus.close();
      expect(await bus.isHealthy()).toBe(false);
    });
  });
}
