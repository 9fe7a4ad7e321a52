import type { ReplyOf, RequestOf, RpcSubject } from '@crucible/proto';
import { LRUCache } from 'lru-cache';
import type { EventBus } from './event-bus.ts';
import type { EventsLogger } from './logger.ts';

/** The owners' questions a replica fills from: `{ id }` asked, the row or null answered. */
export type FillSubject = {
  [S in RpcSubject]: { id: string } extends RequestOf<S> ? (null extends ReplyOf<S> ? S : never) : never;
}[RpcSubject];

/** The row `S` answers with. */
export type FilledRow<S extends FillSubject> = NonNullable<ReplyOf<S>>;

export interface ReplicaFillerOptions<S extends FillSubject> {
  bus: EventBus;
  /**
   * The owner's request-reply subject. The bus checks the answer against the subject's reply schema
   * (proto's RPC_SCHEMAS, the shape the owner's events carry): one of another shape never reaches
   * `storeIfMissing`.
   */
  subject: S;
  /**
   * Stores an answered row if the replica still lacks it; a row an event wrote meanwhile is newer
   * than or as new as the answer, so it stays (events keep the replica current from then on).
   */
  storeIfMissing: (row: FilledRow<S>) => Promise<void>;
  logger: EventsLogger;
  timeoutMs?: number;
}

export interface ReplicaFiller<Row> {
  /** Asks the owner for `id`, stores the answer and returns it; null when the owner knows no such id or does not answer. */
  fill(id: string): Promise<Row | null>;
  /** Fills every id of `ids` not in `known` (ids the replica already holds); returns the rows filled. */
  fillMissing(ids: Iterable<string>, known: Iterable<string>): Promise<Row[]>;
}

/** Short: a member is waiting on the page, and a late answer only costs a name shown as unknown. */
const DEFAULT_TIMEOUT_MS = 2_000;
/**
 * An id the owner does not know (a deleted member) or could not answer for is not asked again for a
 * minute: pages showing it would otherwise ask on every view, and wait on every view while the owner is down.
 */
const UNANSWERED_MEMORY_MS = 60_000;
const UNANSWERED_REMEMBERED = 10_000;

/**
 * A replica row that is missing when needed (its event not applied yet) fills itself by asking
 * the owner over request-reply (DESIGN.md section 2). A failed question is logged, not thrown: the
 * caller carries on as it would without the row, and the event fills it later.
 */
export function createReplicaFiller<S extends FillSubject>(
  options: ReplicaFillerOptions<S>,
): ReplicaFiller<FilledRow<S>> {
  type Row = FilledRow<S>;
  const { bus, subject, storeIfMissing, logger, timeoutMs = DEFAULT_TIMEOUT_MS } = options;
  const unanswered = new LRUCache<string, true>({ max: UNANSWERED_REMEMBERED, ttl: UNANSWERED_MEMORY_MS });

  async function fill(id: string): Promise<Row | null> {
    if (unanswered.has(id)) return null;
    try {
      // FillSubject admits only subjects whose request takes `{ id }`; TypeScript cannot see that through S.
      const row = (await bus.request(subject, { id } as RequestOf<S>, { timeoutMs })) as Row | null;
      if (row === null || row === undefined) {
        unanswered.set(id, true);
        return null;
      }
      await storeIfMissing(row);
      return row;
    } catch (error) {
      unanswered.set(id, true);
      logger.warn({ err: error, subject, id }, "could not fill a missing replica row; the owner's event will");
      return null;
    }
  }

  return {
    fill,
    async fillMissing(ids, known) {
      const knownIds = new Set(known);
      const missing = [...new Set(ids)].filter((id) => !knownIds.has(id));
      const rows = await Promise.all(missing.map(fill));
      return rows.filter((row): row is Awaited<Row> & Row => row !== null);
    },
  };
}
