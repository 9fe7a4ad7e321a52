import { z } from 'zod';

/**
 * 'Download my data': a member's export, gathered by auth from every service over the bus into one
 * zip (a JSON file per service and a README), kept in the blob store for DATA_EXPORT_TTL_HOURS behind
 * a signed link. Shown on /settings/security.
 */

/** How long a finished export stays downloadable; its object is deleted after. */
export const DATA_EXPORT_TTL_HOURS = 24;
/** Exports a member may start per DATA_EXPORT_TTL_HOURS: each one asks every service for everything. */
export const DATA_EXPORTS_PER_DAY = 5;

export const DATA_EXPORT_MESSAGES = {
  notFound: 'Export not found',
  notReady: 'The export is not ready yet',
  expired: 'The export has expired; start a new one',
  failed: 'The export could not be completed; start a new one',
  tooMany: `You can make at most ${DATA_EXPORTS_PER_DAY} exports a day; download the one you have`,
} as const;

/**
 * The services that hold a part of a member's data, the file each part becomes in the zip and the
 * request-reply subject that answers it (`{ userId }` -> the part, a JSON object of named lists).
 * Auth's own part (the account) is read in process, not over the bus.
 */
export const DATA_EXPORT_PARTS = {
  auth: { file: 'account.json', subject: null },
  profile: { file: 'profile.json', subject: 'rpc.profile.data-export' },
  forum: { file: 'forum.json', subject: 'rpc.forum.data-export' },
  dm: { file: 'direct-messages.json', subject: 'rpc.dm.data-export' },
  realtime: { file: 'chat-and-notifications.json', subject: 'rpc.realtime.data-export' },
  project: { file: 'projects.json', subject: 'rpc.project.data-export' },
} as const;
export type DataExportService = keyof typeof DATA_EXPORT_PARTS;
export type DataExportSubject = NonNullable<(typeof DATA_EXPORT_PARTS)[DataExportService]['subject']>;

/**
 * What auth asks each service: the member, and where the previous page ended (none for the first).
 * A part is answered in pages so that no reply exceeds the broker's largest message (NATS: 1 MB).
 */
export const dataExportRequestSchema = z.object({ userId: z.uuid(), cursor: z.string().max(200).optional() });
export type DataExportRequest = z.infer<typeof dataExportRequestSchema>;

/** A service's part: one named list (or record) per kind of data it holds. */
export const dataExportPartSchema = z.record(z.string(), z.unknown());
export type DataExportPart = z.infer<typeof dataExportPartSchema>;

/**
 * A file the member uploaded, whose bytes go in the zip under files/: `name` is where (relative to
 * the service's folder there), `blobKey` where the blob store holds it.
 */
export const dataExportFileSchema = z.object({ name: z.string().min(1).max(300), blobKey: z.string().min(1) });
export type DataExportFile = z.infer<typeof dataExportFileSchema>;

/**
 * One page of a part: list sections hold a slice of their rows (the pages' slices concatenated are
 * the whole list), other sections come whole in one page; `files` likewise. `next` asks for the
 * following page; null on the last.
 */
export const dataExportPageSchema = z.object({
  part: dataExportPartSchema,
  files: z.array(dataExportFileSchema),
  next: z.string().nullable(),
});
export type DataExportPage = z.infer<typeof dataExportPageSchema>;

/** The largest page a service sends, in bytes of JSON: well under NATS's 1 MB, for the envelope. */
export const DATA_EXPORT_PAGE_BYTES = 512 * 1024;

export const dataExportStatusSchema = z.enum(['pending', 'running', 'ready', 'failed', 'expired']);
export type DataExportStatus = z.infer<typeof dataExportStatusSchema>;

export const dataExportSchema = z.object({
  id: z.string(),
  status: dataExportStatusSchema,
  /** Parts gathered so far, of partsTotal: the page's progress bar. */
  partsDone: z.number().int(),
  partsTotal: z.number().int(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** When a ready export is deleted. */
  expiresAt: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  /** Why a failed export failed, for the member. */
  error: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

export const dataExportLinkSchema = z.object({
  /** A signed link to the zip, valid until linkExpiresAt (minutes; ask again for a fresh one). */
  url: z.string(),
  linkExpiresAt: z.string(),
  fileName: z.string(),
});
export type DataExportLink = z.infer<typeof dataExportLinkSchema>;
