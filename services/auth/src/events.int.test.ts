/**
 * Events through a broker outage: sign-ups keep working while publishing fails (the outbox holds
 * the events), and once the broker is back an idempotent consumer applies every auth.user.created
 * exactly once, although the relay re-publishes events whose acknowledgement it lost.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authRoutes, type EventEnvelope } from '@crucible/proto';
import {
  EventBusUnavailableError,
  openDatabase,
  silentLogger,
  subscribeIdempotent,
  transactionRunner,
  type Database,
  type EventBus,
  type Subscription,
} from '@crucible/platform';
import { callsWith } from '@crucible/test-kit';
import {
  collectEvents,
  startAuthHarness,
  uniqueTag,
  type AuthHarness,
  type EventCollector,
} from './testing/auth-harness.ts';

const BURST = 30;
const CONSUMER_SCHEMA = 'consumer_it';
const tag = uniqueTag();
const burstEmail = (index: number) => `burst-${index}.${tag}@it.crucible.test`;
const isOurs = (event: EventEnvelope) =>
  String((event.payload as { email?: string }).email ?? '').endsWith(`.${tag}@it.crucible.test`);

/** The broker as the service sees it: up, down (publish fails), or storing events whose acks get lost. */
type BrokerMode = 'up' | 'down' | 'ack-lost';
let mode: BrokerMode = 'up';
const attempts: Record<BrokerMode, number> = { up: 0, down: 0, 'ack-lost': 0 };

function flakyBroker(bus: EventBus): EventBus {
  return {
    ...bus,
    async publish(event) {
      const current = mode;
      attempts[current] += 1;
      if (current === 'down') throw new EventBusUnavailableError('simulated broker outage');
      await bus.publish(event);
      if (current === 'ack-lost') throw new EventBusUnavailableError('simulated lost acknowledgement');
    },
  };
}

let auth: AuthHarness;
let consumerDb: Database;
let migrationsDir: string;
let consumer: Subscription;
let durable: string;
let rawDeliveries: EventCollector;
/** A sign-up made after the burst: once the consumer has it, nothing stored before it is still on its way. */
let markerEmail: string | undefined;
let markerSeen = false;

beforeAll(async () => {
  auth = await startAuthHarness({ wrapBus: flakyBroker });

  // A consuming service of its own: a schema migrated like any service's, with a table of effects.
  migrationsDir = await mkdtemp(join(tmpdir(), 'auth-events-it-'));
  await writeFile(
    join(migrationsDir, '1700000000001_received-users.sql'),
    '-- Up Migration\nCREATE TABLE received_users (event_id UUID NOT NULL, user_id UUID NOT NULL, email TEXT NOT NULL);\n-- Down Migration\nDROP TABLE received_users;\n',
  );
  consumerDb = openDatabase({
    url: auth.database.url,
    schema: CONSUMER_SCHEMA,
    migrationsDir,
    logger: silentLogger,
    poolSize: 4,
  });
  await consumerDb.migrate();

  durable = `auth_it_idem_${uniqueTag(6)}`;
  consumer = await subscribeIdempotent({
    bus: auth.bus,
    durable,
    subjects: ['auth.user.created'],
    schema: CONSUMER_SCHEMA,
    retryDelayMs: 100,
    runInTransaction: transactionRunner(consumerDb.pool),
    handler: async (event, tx) => {
      const payload = event.payload as { id: string; email: string };
      if (payload.email === markerEmail) markerSeen = true;
      if (!isOurs(event)) return;
      await tx.$executeRawUnsafe(
        `INSERT INTO ${CONSUMER_SCHEMA}.received_users (event_id, user_id, email) VALUES ($1::uuid, $2::uuid, $3)`,
        event.id,
        payload.id,
        payload.email,
      );
    },
  });
  rawDeliveries = await collectEvents(auth.bus, ['auth.user.created'], isOurs);
});

afterAll(async () => {
  mode = 'up';
  await consumer?.stop();
  await rawDeliveries?.stop();
  await consumerDb?.close();
  await auth?.stop();
  if (migrationsDir) await rm(migrationsDir, { recursive: true, force: true });
});

function until(condition: () => Promise<boolean> | boolean, what: string, timeoutMs = 20_000): Promise<void> {
  return vi.waitFor(
    async () => {
      if (!(await condition())) throw new Error(`timed out waiting for ${what}`);
    },
    { timeout: timeoutMs, interval: 100 },
  );
}

describe('auth events through a broker outage', () => {
  it(
    'signs up a burst of 30 members while publishing fails, then delivers every auth.user.created exactly once',
    { timeout: 60_000 },
    async () => {
      mode = 'down';
      const call = callsWith(auth.request);
      // Each call fails the test unless sign-up answers 201.
      await Promise.all(
        Array.from({ length: BURST }, (_, index) =>
          call(authRoutes.signUp, {
            body: {
              email: burstEmail(index),
              password: 'long enough pass',
              firstName: `Burst${index}`,
              lastName: 'Member',
            },
          }),
        ),
      );
      const users = await auth.sql<{ id: string; email: string }>('SELECT id, email FROM users WHERE email LIKE $1', [
        `%.${tag}@it.crucible.test`,
      ]);
      expect(users).toHaveLength(BURST);

      // The events wait in the outbox, and nothing reached the consumer.
      await until(() => attempts.down > 0, 'the relay to try the broker');
      const pending = await auth.sql<{ id: string; payload: { id: string } }>(
        "SELECT id, payload FROM outbox WHERE subject = 'auth.user.created' AND published_at IS NULL",
      );
      expect(pending.map((row) => row.payload.id).sort()).toEqual(users.map((user) => user.id).sort());
      expect(
        await consumerDb.pool
          .query(`SELECT 1 FROM ${CONSUMER_SCHEMA}.received_users`)
          .then((result) => result.rowCount),
      ).toBe(0);

      // The broker comes back but acknowledgements get lost: events are stored, the relay thinks not.
      mode = 'ack-lost';
      await until(() => attempts['ack-lost'] > 0, 'a publish whose acknowledgement is lost');
      mode = 'up';

      await until(
        async () => (await auth.sql('SELECT 1 FROM outbox WHERE published_at IS NULL')).length === 0,
        'the outbox to drain',
      );
      await until(
        async () =>
          (await consumerDb.pool.query(`SELECT DISTINCT user_id FROM ${CONSUMER_SCHEMA}.received_users`)).rowCount ===
          BURST,
        'all 30 users at the consumer',
      );
      // The consumer takes the stream in order: once a later sign-up has reached it, a duplicate of
      // the burst stored before that would have reached it too.
      markerEmail = `marker.${uniqueTag()}@it.crucible.test`;
      await call(authRoutes.signUp, {
        body: { email: markerEmail, password: 'long enough pass', firstName: 'Marker', lastName: 'Member' },
      });
      await until(() => markerSeen, 'a sign-up made after the burst at the consumer');

      const received = (
        await consumerDb.pool.query<{ event_id: string; user_id: string; email: string }>(
          `SELECT event_id, user_id, email FROM ${CONSUMER_SCHEMA}.received_users`,
        )
      ).rows;
      expect(received).toHaveLength(BURST);
      expect(new Set(received.map((row) => row.event_id)).size).toBe(BURST);
      expect(received.map((row) => row.user_id).sort()).toEqual(users.map((user) => user.id).sort());
      // The event ids are the outbox ids: one event per sign-up, whatever was re-published.
      expect(received.map((row) => row.event_id).sort()).toEqual(pending.map((row) => row.id).sort());

      // The broker de-duplicated the re-published ones too: one delivery per event id.
      await rawDeliveries.waitUntil((events) => new Set(events.map((event) => event.id)).size === BURST);
      expect(rawDeliveries.events.map((event) => event.id).sort()).toEqual(pending.map((row) => row.id).sort());
      expect(rawDeliveries.events.every((event) => event.subject === 'auth.user.created')).toBe(true);
      expect(rawDeliveries.events[0]!.payload).toEqual({
        id: expect.any(String),
        email: expect.any(String),
        firstName: expect.stringMatching(/^Burst/),
        lastName: 'Member',
        profileImageUrl: null,
        accessLevel: 'Public',
        isAdmin: false,
        isModerator: false,
        isActive: true,
        suspendedUntil: null,
      });
    },
  );
});
