import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import {
  eventEnvelopeSchema,
  type EventEnvelope,
  type EventOf,
  type EventPayload,
  type EventSubject,
  type PayloadOf,
} from '@crucible/proto';
import type { EventBus } from './event-bus.ts';
import type { EventsLogger } from './logger.ts';
import { qualifiedTable, type SqlExecutor } from './sql.ts';
import { outboxRelayLag, reportGauge, secondsSince } from '../metrics/domain-metrics.ts';

/**
 * An event whose payload, for a subject in proto's EVENT_PAYLOADS, must have that subject's shape
 * (anything else does not compile); services emit through EmitEvent, which takes only those subjects.
 */
export function newEvent<S extends EventSubject>(subject: S, payload: EventPayload<S>): EventOf<S>;
export function newEvent<S extends string>(subject: S, payload: PayloadOf<S>): EventOf<S>;
export function newEvent(subject: string, payload: unknown): EventEnvelope {
  return { id: randomUUID(), subject, occurredAt: new Date().toISOString(), payload };
}

/** What a use case's `emit` does: typed by the subject, as newEvent. */
export type EmitEvent = <S extends EventSubject>(subject: S, payload: EventPayload<S>) => Promise<void>;

/** Writes the event inside the caller's transaction, so it exists exactly when the state change does. */
export async function enqueueEvent(tx: SqlExecutor, schema: string, event: EventEnvelope): Promise<void> {
  const { id, subject, occurredAt } = eventEnvelopeSchema.parse(event);
  await tx.$executeRawUnsafe(
    `INSERT INTO ${qualifiedTable(schema, 'outbox')} (id, subject, payload, occurred_at) VALUES ($1::uuid, $2, $3::jsonb, $4::timestamptz)`,
    id,
    subject,
    JSON.stringify(event.payload ?? null),
    occurredAt,
  );
}

export interface OutboxRelayOptions {
  pool: pg.Pool;
  schema: string;
  bus: EventBus;
  logger: EventsLogger;
  pollIntervalMs?: number;
  batchSize?: number;
}

export interface OutboxRelay {
  start(): void;
  /** Relays now instead of at the next poll; call it after committing a transaction that enqueued events. */
  kick(): void;
  /** Relays what is pending (best effort: not if the broker is down), then stops. */
  stop(): Promise<void>;
}

const MAX_RETRY_DELAY_MS = 5_000;
/** How long a claimed batch stays with its relay; a relay that died mid-batch holds it no longer. */
const CLAIM_LEASE_SECONDS = 30;
const CLEANUP_EVERY_MS = 10 * 60_000;

interface OutboxRow {
  seq: string;
  id: string;
  subject: string;
  payload: unknown;
  occurred_at: Date;
}

/**
 * Publishes outbox rows in seq order and marks them published. Rows are claimed for a lease
 * (FOR UPDATE SKIP LOCKED inside the claiming statement), so replicas of a service never publish the
 * same row at the same time, and a relay never keeps a transaction open while the broker answers.
 */
export function createOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const { pool, schema, bus, logger, pollIntervalMs = 250, batchSize = 100 } = options;
  const table = qualifiedTable(schema, 'outbox');
  const alarm = new Alarm();
  const outage = new OutageLog(logger, schema);
  let stopping = false;
  let running: Promise<void> | undefined;
  let lastCleanupAt = 0;
  let stopReporting = () => {};
  const relayId = randomUUID();
  const unmarked: string[] = [];

  /**
   * Claims a batch for a lease in one statement, publishes with no transaction or connection held
   * (a broker that is slow to answer holds nothing in the database), and leaves what it published to
   * be marked by the next statement: the next claim (one statement marks the last batch and claims
   * the next, so a steady stream of sends costs one statement per wake-up, not two), or
   * markPublished before the relay sleeps. A failed publish marks what went out and hands the rest
   * back at once. If the database goes away before the mark, the rows are published again later,
   * which consumers and the broker's de-duplication absorb.
   */
  async function relayBatch(): Promise<number> {
    const seqs = unmarked.splice(0);
    let rows: OutboxRow[];
    try {
      ({ rows } = await pool.query<OutboxRow>(
        `WITH marked AS (UPDATE ${table} SET published_at = now() WHERE seq = ANY($4::bigint[]))
         UPDATE ${table} SET claimed_by = $2, claimed_until = now() + make_interval(secs => $3)
         WHERE seq IN (
           SELECT seq FROM ${table}
           WHERE published_at IS NULL AND NOT seq = ANY($4::bigint[])
             AND (claimed_until IS NULL OR claimed_until < now() OR claimed_by = $2)
           ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED)
         RETURNING seq, id, subject, payload, occurred_at`,
        [batchSize, relayId, CLAIM_LEASE_SECONDS, seqs],
      ));
    } catch (error) {
      unmarked.unshift(...seqs);
      throw error;
    }
    rows.sort((a, b) => Number(a.seq) - Number(b.seq));
    const { publishedSeqs, publishError } = await publishInOrder(bus, rows);
    for (const row of rows.slice(0, publishedSeqs.length))
      outboxRelayLag.observe({ service: schema }, secondsSince(row.occurred_at));
    unmarked.push(...publishedSeqs);
    if (publishError) {
      await markPublished();
      const rest = rows.slice(publishedSeqs.length).map((row) => row.seq);
      await pool.query(`UPDATE ${table} SET claimed_by = NULL, claimed_until = NULL WHERE seq = ANY($1::bigint[])`, [
        rest,
      ]);
      throw publishError;
    }
    return rows.length;
  }

  /** Marks what was published and not yet marked (the relay is about to sleep, or the database failed in between). */
  async function markPublished(): Promise<void> {
    if (unmarked.length === 0) return;
    const seqs = unmarked.splice(0);
    try {
      await pool.query(`UPDATE ${table} SET published_at = now() WHERE seq = ANY($1::bigint[])`, [seqs]);
    } catch (error) {
      unmarked.unshift(...seqs);
      throw error;
    }
  }

  async function relayPending(): Promise<void> {
    while ((await relayBatch()) === batchSize);
  }

  async function deleteOldRowsWhenDue(): Promise<void> {
    if (Date.now() - lastCleanupAt < CLEANUP_EVERY_MS) return;
    await pool.query(`DELETE FROM ${table} WHERE published_at < now() - interval '1 day'`);
    lastCleanupAt = Date.now();
  }

  async function run(): Promise<void> {
    while (!stopping) {
      try {
        await relayPending();
        // Another commit already woke the relay: its claim marks this batch. Else it is marked now.
        if (!alarm.isRung()) await markPublished();
        await deleteOldRowsWhenDue();
        outage.ended();
        await alarm.sleep(pollIntervalMs);
      } catch (error) {
        outage.failed(error);
        await alarm.sleep(Math.min(MAX_RETRY_DELAY_MS, pollIntervalMs * 2 ** (outage.failures - 1)));
      }
    }
    await relayPending()
      .then(markPublished)
      .catch((error: unknown) =>
        logger.warn({ err: error, schema }, 'outbox relay stopped with events pending; the next start relays them'),
      );
  }

  return {
    start() {
      if (running) return;
      stopping = false;
      running = run();
      stopReporting = reportOutboxBacklog(pool, schema, table);
    },
    kick() {
      // During an outage the backoff decides when to try again, not every request that commits.
      if (!outage.isOngoing()) alarm.ring();
    },
    async stop() {
      stopping = true;
      alarm.ring();
      await running;
      running = undefined;
      stopReporting();
    },
  };
}

/**
 * The unpublished backlog at each scrape: how many events wait and how long the oldest has. A
 * growing age means NATS is unreachable or the relay is stuck (alert CrucibleOutboxLag).
 */
function reportOutboxBacklog(pool: pg.Pool, schema: string, table: string): () => void {
  const backlog = async () => {
    const { rows } = await pool.query<{ pending: string; oldest: Date | null }>(
      `SELECT count(*) AS pending, min(occurred_at) AS oldest FROM ${table} WHERE published_at IS NULL`,
    );
    return { pending: Number(rows[0]?.pending ?? 0), oldest: rows[0]?.oldest ? secondsSince(rows[0].oldest) : 0 };
  };
  const stops = [
    reportGauge(
      'crucible_outbox_pending_events',
      'Events in the outbox not yet published',
      schema,
      async () => (await backlog()).pending,
    ),
    reportGauge(
      'crucible_outbox_oldest_pending_seconds',
      'Age of the oldest unpublished outbox event (0 when none waits)',
      schema,
      async () => (await backlog()).oldest,
    ),
  ];
  return () => stops.forEach((stop) => stop());
}

/** Publishes until the first failure, so what reaches the broker is always a prefix in seq order. */
async function publishInOrder(
  bus: EventBus,
  rows: OutboxRow[],
): Promise<{ publishedSeqs: string[]; publishError?: unknown }> {
  const publishedSeqs: string[] = [];
  for (const row of rows) {
    try {
      await bus.publish({
        id: row.id,
        subject: row.subject,
        occurredAt: row.occurred_at.toISOString(),
        payload: row.payload,
      });
    } catch (publishError) {
      return { publishedSeqs, publishError };
    }
    publishedSeqs.push(row.seq);
  }
  return { publishedSeqs };
}

/** A sleep that ring() cuts short; a ring while awake makes the next sleep return at once. */
class Alarm {
  private rung = false;
  private wake: (() => void) | undefined;

  sleep(ms: number): Promise<void> {
    if (this.rung) {
      this.rung = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.finish(resolve), ms);
      this.wake = () => {
        clearTimeout(timer);
        this.finish(resolve);
      };
    });
  }

  /** Whether a ring arrived while awake (the next sleep returns at once). */
  isRung(): boolean {
    return this.rung;
  }

  ring(): void {
    if (this.wake) this.wake();
    else this.rung = true;
  }

  private finish(resolve: () => void): void {
    this.wake = undefined;
    this.rung = false;
    resolve();
  }
}

/** One warning when relaying starts failing and one line when it recovers, not one per row or retry. */
class OutageLog {
  failures = 0;

  constructor(
    private readonly logger: EventsLogger,
    private readonly schema: string,
  ) {}

  isOngoing(): boolean {
    return this.failures > 0;
  }

  failed(error: unknown): void {
    this.failures += 1;
    if (this.failures === 1) {
      this.logger.warn({ err: error, schema: this.schema }, 'outbox relay cannot publish; retrying with backoff');
    }
  }

  ended(): void {
    if (this.failures === 0) return;
    this.logger.info({ schema: this.schema, failedAttempts: this.failures }, 'outbox relay is publishing again');
    this.failures = 0;
  }
}
