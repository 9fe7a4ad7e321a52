import {
  dataExportPartSchema,
  dataExportRequestSchema,
  type DataExportPart,
  type DataExportSubject,
} from '@crucible/proto';
import type { EventBus, Subscription } from './event-bus.ts';

/**
 * The request-reply of a member's data export (proto's DATA_EXPORT_PARTS), typed at both ends as
 * events are by the event map: the asker sends `{ userId }` and receives a parsed part; the
 * answerer's collector receives the parsed user id and must return a part.
 */
export function answerDataExportRequests(
  bus: Pick<EventBus, 'reply'>,
  subject: DataExportSubject,
  collect: (userId: string) => Promise<DataExportPart>,
): Promise<Subscription> {
  return bus.reply(subject, async (payload) => {
    const { userId } = dataExportRequestSchema.parse(payload);
    return collect(userId);
  });
}

/** Asks one service for its part; fails as the bus does (EventBusUnavailableError, EventBusReplyError). */
export async function requestDataExportPart(
  bus: Pick<EventBus, 'request'>,
  subject: DataExportSubject,
  userId: string,
  options: { timeoutMs?: number } = {},
): Promise<DataExportPart> {
  const answer = await bus.request<unknown>(subject, dataExportRequestSchema.parse({ userId }), options);
  return dataExportPartSchema.parse(answer);
}

/** Each section of a part: a SELECT of the member's rows, with the member's id as `$1`. */
export type DataExportSections = Record<string, string>;

/** A pg pool or client; a Prisma client fits through a one-line adapter. */
export interface DataExportSqlSource {
  query(text: string, values: unknown[]): Promise<{ rows: { items: unknown }[] }>;
}

/**
 * Reads a service's part: each section's rows as a JSON list, column names as they are in the
 * database. A `search` column (a full-text index derived from the text beside it) is left out.
 */
export async function readDataExportSections(
  db: DataExportSqlSource,
  sections: DataExportSections,
  userId: string,
): Promise<DataExportPart> {
  const part: DataExportPart = {};
  for (const [name, select] of Object.entries(sections)) {
    const { rows } = await db.query(
      `SELECT coalesce(jsonb_agg(to_jsonb(r) - 'search'), '[]'::jsonb) AS items FROM (${select}) r`,
      [userId],
    );
    part[name] = rows[0]?.items ?? [];
  }
  return part;
}
