import { setTimeout as sleep } from 'node:timers/promises';
import { compare, connect, nanos, parseSemVer, type Msg, type NatsConnection } from '@nats-io/transport-node';
import {
  AckPolicy,
  DeliverPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  StorageType,
  jetstream,
  jetstreamManager,
  type ConsumerConfig,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import { EVENT_STREAMS, eventEnvelopeSchema, type EventEnvelope } from '@crucible/proto';
import {
  EventBusReplyError,
  EventBusUnavailableError,
  type DurableSubscriptionOptions,
  type EventBus,
  type Subscription,
} from './event-bus.ts';
import { InFlight } from './in-flight.ts';
import type { EventsLogger } from './logger.ts';
import { assertNamespace, namespacedStream, namespacedSubject } from './namespace.ts';
import { STREAM_MAX_AGE_MS } from './retention.ts';
import { filterCovers, matchesAnyFilter } from './subjects.ts';
import { checkPayload, checkReply, parsedSubscription, parsingListener, parsingReplier } from './typed-events.ts';
import { reportLabelledGauge } from '../metrics/domain-metrics.ts';

export interface NatsEventBusOptions {
  url: string;
  /** Client name shown by the server's monitoring, e.g. the service name. */
  name: string;
  /** Stream name -> the subject wildcard it stores; every subject published or consumed must fall in one. */
  streams?: Readonly<Record<string, string>>;
  /**
   * The deployment's name on a shared broker (NATS_NAMESPACE; namespace.ts): scopes the streams,
   * their subjects and the request-reply subjects, so another deployment's events and answers (its
   * auth's keys or sessions would be wrong answers, not errors) never reach this one. Empty by default.
   */
  namespace?: string;
  logger: EventsLogger;
}

const RECONNECT_WAIT_MS = 1_000;
/** Covers an outbox relay re-publishing a row after a crash between the broker's ack and its commit. */
const DUPLICATE_WINDOW_MS = 2 * 60_000;
const ACK_WAIT_MS = 30_000;
/** The ack wait starts when a message reaches the client, so a small batch keeps buffered ones inside it. */
const CONSUME_BATCH = 10;
const CONSUME_RETRY_DELAY_MS = 1_000;
const DEFAULT_RETRY_DELAY_MS = 1_000;
const DEFAULT_REQUEST_TIMEOUT_MS = 5_000;
/** Several filter subjects on one consumer arrived in nats-server 2.10. */
const MULTIPLE_FILTERS_SINCE = parseSemVer('2.10.0');
const REPLY_QUEUE_GROUP = 'replicas';

type ReplyBody = { ok: true; answer: unknown } | { ok: false };

export async function createNatsEventBus(options: NatsEventBusOptions): Promise<EventBus> {
  const { url, name, namespace = '', logger } = options;
  assertNamespace(namespace);
  // From here on every stream name and subject is the one on the broker; handlers see logical ones.
  const streams = Object.fromEntries(
    Object.entries(options.streams ?? EVENT_STREAMS).map(([stream, subject]) => [
      namespacedStream(namespace, stream),
      namespacedSubject(namespace, subject),
    ]),
  );
  const onBroker = (subject: string) => namespacedSubject(namespace, subject);
  const location = withoutCredentials(url);
  const nc = await connectForever(url, name, location);
  let jsm: JetStreamManager;
  try {
    jsm = await jetstreamManager(nc);
    await ensureStreams(jsm, streams);
  } catch (error) {
    await nc.close();
    throw error;
  }
  const js = jetstream(nc);
  // A broker that restarted without its storage has lost the streams; put them back.
  const connection = watchConnection(nc, logger, () => ensureStreams(jsm, streams));
  const subscriptions = new Set<Subscription>();

  /** Keeps a subscription for close(); stopping it twice is harmless. */
  function remember(subscription: Subscription): Subscription {
    const remembered: Subscription = {
      async stop() {
        if (subscriptions.delete(remembered)) await subscription.stop();
      },
    };
    subscriptions.add(remembered);
    return remembered;
  }

  return {
    kind: 'nats',
    location,
    namespace,

    async publish(event) {
      const subject = onBroker(event.subject);
      streamOf(streams, subject);
      if (!connection.isConnected()) throw new EventBusUnavailableError('The event broker is not connected');
      try {
        await js.publish(subject, JSON.stringify(event), { msgID: event.id });
      } catch (error) {
        throw new EventBusUnavailableError(`Could not store the event on ${event.subject}`, { cause: error });
      }
    },

    async subscribe(options) {
      // Payloads are checked against their subject's schema in handleMessage() before the handler sees them.
      const subscription = parsedSubscription(options);
      const consumers = await Promise.all(
        Object.entries(filtersByStream(streams, subscription.subjects.map(onBroker))).map(([stream, filters]) =>
          startDurableConsumer({
            nc,
            js,
            jsm,
            stream,
            filters,
            subscription,
            logger,
            recreateStream: () => ensureStreams(jsm, streams),
          }),
        ),
      );
      return remember({ stop: async () => void (await Promise.all(consumers.map((consumer) => consumer.stop()))) });
    },

    async request(subject, payload, requestOptions) {
      assertOutsideStreams(streams, onBroker(subject));
      const answer = await requestAnswer(nc, onBroker(subject), payload, requestOptions?.timeoutMs);
      return checkReply(subject, answer);
    },

    async reply(subject, handler) {
      assertOutsideStreams(streams, onBroker(subject));
      return remember(startReplier(nc, onBroker(subject), parsingReplier(subject, handler), logger));
    },

    async broadcast(subject, payload) {
      assertOutsideStreams(streams, onBroker(subject));
      if (!connection.isConnected()) throw new EventBusUnavailableError('The event broker is not connected');
      nc.publish(onBroker(subject), JSON.stringify(payload ?? null));
    },

    async subscribeBroadcast(subject, handler) {
      assertOutsideStreams(streams, onBroker(subject));
      const listener = parsingListener(handler, (received, issues) =>
        logger.error({ subject: received, issues }, 'dropping a broadcast whose payload does not match its subject'),
      );
      return remember(await startBroadcastListener(nc, onBroker(subject), onBroker('').length, listener, logger));
    },

    async isHealthy() {
      return connection.isConnected() && !nc.isClosed();
    },

    async close() {
      if (nc.isClosed()) return;
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
      await nc.drain();
    },
  };
}

/**
 * Fails at once when the broker is not there at start-up; once connected, reconnects forever.
 * Without async traces the client builds no Error (a captured stack) per request and JetStream
 * publish in case it fails: the outbox relay's every event is one, and a failure still says what
 * timed out or went wrong.
 */
async function connectForever(url: string, name: string, location: string): Promise<NatsConnection> {
  try {
    return await connect({
      servers: url,
      name,
      maxReconnectAttempts: -1,
      reconnectTimeWait: RECONNECT_WAIT_MS,
      noAsyncTraces: true,
    });
  } catch (error) {
    throw new EventBusUnavailableError(`NATS is not reachable at ${location}`, { cause: error });
  }
}

/** For logs and messages: a NATS URL may carry a user and password. */
function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return url;
  }
}

function watchConnection(nc: NatsConnection, logger: EventsLogger, onReconnect: () => Promise<void>) {
  let connected = true;
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect') {
        connected = false;
        logger.warn({ server: status.server }, 'NATS connection lost; reconnecting');
      } else if (status.type === 'reconnect') {
        connected = true;
        logger.info({ server: status.server }, 'NATS connection restored');
        onReconnect().catch((error: unknown) => logger.error({ err: error }, 'could not restore the NATS streams'));
      }
    }
  })();
  return { isConnected: () => connected };
}

async function ensureStreams(jsm: JetStreamManager, streams: Readonly<Record<string, string>>): Promise<void> {
  await Promise.all(Object.entries(streams).map(([stream, subject]) => upsertStream(jsm, stream, subject)));
}

async function upsertStream(jsm: JetStreamManager, stream: string, subject: string): Promise<void> {
  const config = {
    subjects: [subject],
    duplicate_window: nanos(DUPLICATE_WINDOW_MS),
    max_age: nanos(STREAM_MAX_AGE_MS),
  };
  if (await exists(() => jsm.streams.info(stream), JetStreamApiCodes.StreamNotFound)) {
    await jsm.streams.update(stream, config);
  } else {
    await jsm.streams.add({ name: stream, storage: StorageType.File, ...config });
  }
}

async function exists(lookUp: () => Promise<unknown>, notFoundCode: number): Promise<boolean> {
  try {
    await lookUp();
    return true;
  } catch (error) {
    if (error instanceof JetStreamApiError && error.code === notFoundCode) return false;
    throw error;
  }
}

function findStream(streams: Readonly<Record<string, string>>, subject: string): string | undefined {
  return Object.keys(streams).find((name) => filterCovers(streams[name]!, subject));
}

function streamOf(streams: Readonly<Record<string, string>>, subject: string): string {
  const stream = findStream(streams, subject);
  if (stream === undefined) {
    throw new Error(`Subject ${subject} is in none of the streams ${Object.keys(streams).join(', ')}`);
  }
  return stream;
}

/** A stream would store a request and answer it with its own ack, so questions must stay outside the streams. */
function assertOutsideStreams(streams: Readonly<Record<string, string>>, subject: string): void {
  const stream = findStream(streams, subject);
  if (stream !== undefined)
    throw new Error(
      `Subject ${subject} is stored by the stream ${stream}; request-reply needs a subject outside the streams`,
    );
}

function filtersByStream(
  streams: Readonly<Record<string, string>>,
  subjects: readonly string[],
): Record<string, string[]> {
  const grouped: Record<string, string[]> = {};
  for (const subject of subjects) (grouped[streamOf(streams, subject)] ??= []).push(subject);
  return grouped;
}

/**
 * Older servers take one filter subject per consumer; with several, such a consumer reads the
 * whole stream and the client drops what the subscriber did not ask for.
 */
function filterConfig(nc: NatsConnection, filters: string[]): Partial<ConsumerConfig> {
  const serverVersion = parseSemVer(nc.info?.version ?? '0.0.0');
  if (compare(serverVersion, MULTIPLE_FILTERS_SINCE) >= 0)
    return { filter_subjects: filters, filter_subject: undefined };
  return { filter_subject: filters.length === 1 ? filters[0] : undefined };
}

async function upsertConsumer(
  jsm: JetStreamManager,
  stream: string,
  config: Partial<ConsumerConfig> & { durable_name: string },
) {
  if (await exists(() => jsm.consumers.info(stream, config.durable_name), JetStreamApiCodes.ConsumerNotFound)) {
    await jsm.consumers.update(stream, config.durable_name, config);
  } else {
    await jsm.consumers.add(stream, config);
  }
}

interface DurableConsumerContext {
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
  stream: string;
  filters: string[];
  subscription: DurableSubscriptionOptions;
  logger: EventsLogger;
  recreateStream: () => Promise<void>;
}

async function startDurableConsumer(context: DurableConsumerContext): Promise<Subscription> {
  const { nc, js, jsm, stream, filters, subscription } = context;
  const config = {
    durable_name: subscription.durable,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    ack_wait: nanos(ACK_WAIT_MS),
    ...filterConfig(nc, filters),
  };
  await upsertConsumer(jsm, stream, config);
  const consumer = await js.consumers.get(stream, subscription.durable);
  const loop = new ConsumeLoop(
    context,
    () => consumer.consume({ max_messages: CONSUME_BATCH }),
    async () => {
      await context.recreateStream();
      await upsertConsumer(jsm, stream, config);
    },
  );
  await loop.start();
  // The backlog SREs watch (alert CrucibleConsumerBacklog): events not yet delivered or not yet acknowledged.
  const stopReporting = reportLabelledGauge(
    'crucible_jetstream_consumer_pending',
    'Events a durable JetStream consumer has not yet delivered or had acknowledged',
    { stream, consumer: subscription.durable },
    async () => {
      const info = await jsm.consumers.info(stream, subscription.durable);
      return info.num_pending + info.num_ack_pending;
    },
  );
  return {
    async stop() {
      stopReporting();
      await loop.stop();
    },
  };
}

/** Feeds one durable consumer's messages to the handler, one at a time, until stopped. */
class ConsumeLoop implements Subscription {
  private stopping = false;
  private messages: ConsumerMessages | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly context: DurableConsumerContext,
    private readonly openMessages: () => Promise<ConsumerMessages>,
    private readonly recreateConsumer: () => Promise<void>,
  ) {}

  async start(): Promise<void> {
    const first = await this.openMessages();
    this.running = this.run(first);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.messages?.close();
    await this.running;
  }

  private get where() {
    return { stream: this.context.stream, durable: this.context.subscription.durable };
  }

  private async run(first: ConsumerMessages): Promise<void> {
    for (let messages: ConsumerMessages | undefined = first; messages; messages = await this.reopenUnlessStopping()) {
      this.messages = messages;
      recoverWhenConsumerIsLost(messages, this.recreateConsumer, this.context.logger, this.where);
      try {
        for await (const message of messages) await handleMessage(message, this.context, this.stopping);
      } catch (error) {
        this.context.logger.warn({ err: error, ...this.where }, 'event consumer failed; resuming it');
      }
    }
  }

  private async reopenUnlessStopping(): Promise<ConsumerMessages | undefined> {
    while (!this.stopping && !this.context.nc.isClosed()) {
      try {
        return await this.openMessages();
      } catch (error) {
        this.context.logger.warn({ err: error, ...this.where }, 'could not resume the event consumer; retrying');
        await sleep(CONSUME_RETRY_DELAY_MS);
      }
    }
    return undefined;
  }
}

/**
 * The client keeps polling for a consumer that vanished (a broker that lost its storage) but
 * never recreates it; recreate it and restart consuming so delivery resumes.
 */
function recoverWhenConsumerIsLost(
  messages: ConsumerMessages,
  recreate: () => Promise<void>,
  logger: EventsLogger,
  where: { stream: string; durable: string },
): void {
  void (async () => {
    for await (const status of messages.status()) {
      if (status.type !== 'consumer_not_found' && status.type !== 'stream_not_found') continue;
      try {
        await recreate();
        logger.warn(where, 'event consumer was missing on the broker; recreated it');
        await messages.close();
        return;
      } catch (error) {
        logger.error({ err: error, ...where }, 'could not recreate the event consumer');
      }
    }
  })();
}

async function handleMessage(message: JsMsg, context: DurableConsumerContext, stopping: boolean): Promise<void> {
  const { filters, subscription, logger } = context;
  // Delivered to a subscription that is stopping: hand it straight back so another one gets it now.
  if (stopping) return message.nak();
  if (!matchesAnyFilter(filters, message.subject)) return message.ack();
  const event = parseEnvelope(message);
  if (event === undefined) {
    logger.error(
      { subject: message.subject, streamSequence: message.seq },
      'dropping a message that is not an event envelope',
    );
    return message.term();
  }
  const checked = checkPayload(event);
  if (!checked.ok) {
    logger.error(
      { eventId: event.id, subject: event.subject, durable: subscription.durable, issues: checked.issues },
      'dropping an event whose payload does not match its subject',
    );
    return message.term();
  }
  try {
    await subscription.handler(checked.event);
    message.ack();
  } catch (error) {
    logger.warn(
      { err: error, eventId: event.id, subject: event.subject, durable: subscription.durable },
      'event handler failed; it will be redelivered',
    );
    message.nak(subscription.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS);
  }
}

function parseEnvelope(message: JsMsg): EventEnvelope | undefined {
  try {
    const parsed = eventEnvelopeSchema.safeParse(message.json());
    if (!parsed.success) return undefined;
    const { id, subject, occurredAt, payload } = parsed.data;
    return { id, subject, occurredAt, payload };
  } catch {
    return undefined;
  }
}

async function requestAnswer(
  nc: NatsConnection,
  subject: string,
  payload: unknown,
  timeoutMs = DEFAULT_REQUEST_TIMEOUT_MS,
): Promise<unknown> {
  let reply: Msg;
  try {
    reply = await nc.request(subject, JSON.stringify(payload ?? null), { timeout: timeoutMs });
  } catch (error) {
    throw new EventBusUnavailableError(`Nobody answered ${subject}`, { cause: error });
  }
  const body = reply.json<ReplyBody>();
  if (!body.ok) throw new EventBusReplyError(subject);
  return body.answer;
}

function startReplier(
  nc: NatsConnection,
  subject: string,
  handler: (payload: unknown) => Promise<unknown>,
  logger: EventsLogger,
): Subscription {
  const inFlight = new InFlight();
  const answer = async (message: Msg) => {
    let body: ReplyBody;
    try {
      body = { ok: true, answer: await handler(message.json()) };
    } catch (error) {
      logger.error({ err: error, subject }, 'request handler failed');
      body = { ok: false };
    }
    message.respond(JSON.stringify(body));
  };
  const subscription = nc.subscribe(subject, {
    queue: REPLY_QUEUE_GROUP,
    callback: (error, message) => {
      if (error) logger.error({ err: error, subject }, 'reply subscription failed');
      else void inFlight.track(answer(message));
    },
  });
  return {
    async stop() {
      await subscription.drain();
      await inFlight.settled();
    },
  };
}

/** No queue group: every connection subscribed to the subject gets its own copy. */
/** `namespaceLength` is cut from each message's subject, so handlers see the subject they subscribed in. */
async function startBroadcastListener(
  nc: NatsConnection,
  subject: string,
  namespaceLength: number,
  handler: (payload: unknown, subject: string) => void,
  logger: EventsLogger,
): Promise<Subscription> {
  const subscription = nc.subscribe(subject, {
    callback: (error, message) => {
      if (error) return logger.error({ err: error, subject }, 'broadcast subscription failed');
      try {
        handler(message.json(), message.subject.slice(namespaceLength));
      } catch (failure) {
        logger.error({ err: failure, subject }, 'broadcast handler failed');
      }
    },
  });
  // Once the server has the subscription, a broadcast sent from any connection reaches it.
  await nc.flush();
  return { stop: () => subscription.drain() };
}
