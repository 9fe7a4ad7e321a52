import {
  DATA_EXPORT_PAGE_BYTES,
  type DataExportFile,
  type DataExportPage,
  type DataExportPart,
  type DataExportSubject,
} from '@crucible/proto';
import type { EventBus, Subscription } from './event-bus.ts';

/** Where a page starts: the index of its first item in the part's items (rows, whole sections, files). */
function cursorOf(value: string | undefined): number {
  const start = value === undefined ? 0 : Number(value);
  return Number.isSafeInteger(start) && start >= 0 ? start : 0;
}

type PageItem =
  | { kind: 'row'; section: string; value: unknown }
  | { kind: 'whole'; section: string; value: unknown }
  | { kind: 'file'; value: DataExportFile };

function itemsOf(part: DataExportPart, files: DataExportFile[]): PageItem[] {
  const items: PageItem[] = [];
  for (const [section, value] of Object.entries(part)) {
    if (Array.isArray(value)) for (const row of value) items.push({ kind: 'row', section, value: row });
    else items.push({ kind: 'whole', section, value });
  }
  for (const file of files) items.push({ kind: 'file', value: file });
  return items;
}

/**
 * The page of `part` and `files` starting at item `start`: items in order while their JSON stays
 * within `pageBytes` (always at least one, so a page moves on). The first page names every list
 * section, empty ones too, so the whole part has the same sections however it was paged.
 */
export function dataExportPage(
  part: DataExportPart,
  files: DataExportFile[],
  start: number,
  pageBytes = DATA_EXPORT_PAGE_BYTES,
): DataExportPage {
  const items = itemsOf(part, files);
  const page: DataExportPage = { part: {}, files: [], next: null };
  if (start === 0)
    for (const [section, value] of Object.entries(part)) if (Array.isArray(value)) page.part[section] = [];
  let bytes = 0;
  let index = start;
  for (; index < items.length; index++) {
    const item = items[index]!;
    // The value's JSON and room for its section's name and separators.
    const size = Buffer.byteLength(JSON.stringify(item.value) ?? 'null') + (item.kind === 'file' ? 2 : 64);
    if (index > start && bytes + size > pageBytes) break;
    bytes += size;
    if (item.kind === 'file') page.files.push(item.value);
    else if (item.kind === 'whole') page.part[item.section] = item.value;
    else ((page.part[item.section] ??= []) as unknown[]).push(item.value);
  }
  page.next = index < items.length ? String(index) : null;
  return page;
}

/**
 * The request-reply of a member's data export (proto's DATA_EXPORT_PARTS; its request and page
 * schemas are in RPC_SCHEMAS, so the bus parses both): the asker sends `{ userId, cursor }` and receives pages until the
 * last; the answerer's collector receives the parsed user id and returns the whole part (and
 * `files` the member's uploaded files), which is answered a page at a time. Each page is collected
 * afresh, so an answerer keeps no state between pages and any replica can answer the next one; a
 * row written while the export is gathered may be missed or, rarely, listed twice.
 */
export function answerDataExportRequests(
  bus: Pick<EventBus, 'reply'>,
  subject: DataExportSubject,
  collect: (userId: string) => Promise<DataExportPart>,
  options: { files?: (userId: string) => Promise<DataExportFile[]>; pageBytes?: number } = {},
): Promise<Subscription> {
  return bus.reply(subject, async ({ userId, cursor }) => {
    const [part, files] = await Promise.all([collect(userId), options.files?.(userId) ?? []]);
    return dataExportPage(part, files, cursorOf(cursor), options.pageBytes);
  });
}

/** A part and the member's files, gathered whole from its pages. */
export interface GatheredDataExportPart {
  part: DataExportPart;
  files: DataExportFile[];
}

/** Pages a part may take; more means an answerer that never reaches its end. */
const MAX_PAGES = 100_000;

/**
 * Asks one service for its part, page after page, and puts the pages together; fails as the bus
 * does (EventBusUnavailableError, EventBusReplyError).
 */
export async function requestDataExportPart(
  bus: Pick<EventBus, 'request'>,
  subject: DataExportSubject,
  userId: string,
  options: { timeoutMs?: number } = {},
): Promise<GatheredDataExportPart> {
  const gathered: GatheredDataExportPart = { part: {}, files: [] };
  let cursor: string | undefined;
  for (let pages = 0; pages < MAX_PAGES; pages++) {
    const page = await bus.request(subject, { userId, cursor }, options);
    for (const [section, value] of Object.entries(page.part)) {
      const sofar = gathered.part[section];
      gathered.part[section] = Array.isArray(sofar) && Array.isArray(value) ? [...sofar, ...value] : value;
    }
    gathered.files.push(...page.files);
    if (page.next === null) return gathered;
    cursor = page.next;
  }
  throw new Error(`the data export part of ${subject} did not end after ${MAX_PAGES} pages`);
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

/**
 * The member's uploaded files a service names for the export: `select` returns a `name` (where the
 * file goes in the zip's files/ folder) and a `blob_key` per file, with the member's id as `$1`.
 */
export async function readDataExportFiles(
  db: DataExportSqlSource,
  select: string,
  userId: string,
): Promise<DataExportFile[]> {
  const { rows } = await db.query(
    `SELECT coalesce(jsonb_agg(jsonb_build_object('name', r.name, 'blobKey', r.blob_key)), '[]'::jsonb) AS items
     FROM (${select}) r`,
    [userId],
  );
  return (rows[0]?.items as DataExportFile[] | undefined) ?? [];
}
