import { randomUUID } from 'node:crypto';
import {
  DATA_EXPORT_MESSAGES,
  DATA_EXPORT_PARTS,
  DATA_EXPORT_TTL_HOURS,
  DATA_EXPORTS_PER_DAY,
  type DataExport,
  type DataExportFile,
  type DataExportLink,
  type DataExportService,
} from '@crucible/proto';
import {
  ConflictError,
  HttpError,
  NotFoundError,
  TooManyRequestsError,
  createWorkLoop,
  createZip,
  requestDataExportPart,
  type BlobStore,
  type Caller,
  type EventBus,
  type GatheredDataExportPart,
  type WorkLoop,
  type ZipEntry,
} from '@crucible/platform';
import { dataExportRepository, type DataExportRow } from '../repositories/data-exports.ts';

import type { AuthContext } from './context.ts';
import { dataExportReadyMail } from './data-export-mails.ts';
import { dataExportReadme } from './data-export-readme.ts';

const TTL_MS = DATA_EXPORT_TTL_HOURS * 3600_000;
/** A builder holds an export this long; one that stopped (a crash, a deploy) is taken over after. */
const LEASE_SECONDS = 300;
const PART_TIMEOUT_MS = 20_000;
/** Tries per service before the export fails: a service restarting should not fail it. */
const PART_ATTEMPTS = 3;
const POLL_INTERVAL_MS = 30_000;
/** A download link is handed out per click and lives minutes, so a leaked one is soon useless. */
const LINK_SECONDS = 300;

const SERVICES = Object.keys(DATA_EXPORT_PARTS) as DataExportService[];

export interface DataExportContext {
  auth: AuthContext;
  bus: Pick<EventBus, 'request'>;
  blobs: BlobStore;
  /** The background builder: a new export is built at once, not at the next poll. */
  builder: Pick<DataExportBuilder, 'kick'>;
}

function view(row: DataExportRow, now = new Date()): DataExport {
  const expired = row.status === 'expired' || (row.status === 'ready' && row.expiresAt !== null && row.expiresAt < now);
  return {
    id: row.id,
    status: expired ? 'expired' : row.status,
    partsDone: row.partsDone,
    partsTotal: row.partsTotal,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    sizeBytes: row.sizeBytes,
    error: row.error,
  };
}

/**
 * Starts the member's export, or answers the one already being built (one at a time per member);
 * at most DATA_EXPORTS_PER_DAY a day, so nobody makes every service read everything in a loop.
 */
export async function startDataExport(ctx: DataExportContext, caller: Caller): Promise<DataExport> {
  const prisma = ctx.auth.prisma;
  const open = await dataExportRepository.findOpen(prisma, caller.userId);
  if (open) return view(open);
  const recent = await dataExportRepository.listOfUserSince(prisma, caller.userId, new Date(Date.now() - TTL_MS));
  if (recent.length >= DATA_EXPORTS_PER_DAY) {
    const oldest = recent[recent.length - 1]!.createdAt.getTime();
    throw new TooManyRequestsError(
      Math.max(1, Math.ceil((oldest + TTL_MS - Date.now()) / 1000)),
      DATA_EXPORT_MESSAGES.tooMany,
    );
  }
  const created = await dataExportRepository.create(prisma, {
    id: randomUUID(),
    userId: caller.userId,
    partsTotal: SERVICES.length,
  });
  ctx.builder.kick();
  return view(created);
}

export async function listDataExports(ctx: DataExportContext, caller: Caller): Promise<DataExport[]> {
  const since = new Date(Date.now() - TTL_MS);
  return (await dataExportRepository.listOfUserSince(ctx.auth.prisma, caller.userId, since)).map((row) => view(row));
}

/** Another member's export is 'not found', as a missing one is. */
async function ownExport(ctx: DataExportContext, caller: Caller, id: string): Promise<DataExportRow> {
  const row = await dataExportRepository.findOfUser(ctx.auth.prisma, caller.userId, id);
  if (!row) throw new NotFoundError(DATA_EXPORT_MESSAGES.notFound);
  return row;
}

export async function getDataExport(ctx: DataExportContext, caller: Caller, id: string): Promise<DataExport> {
  return view(await ownExport(ctx, caller, id));
}

export async function dataExportDownloadLink(
  ctx: DataExportContext,
  caller: Caller,
  id: string,
): Promise<DataExportLink> {
  const row = await ownExport(ctx, caller, id);
  const status = view(row).status;
  if (status === 'expired') throw new HttpError(410, DATA_EXPORT_MESSAGES.expired);
  if (status === 'failed') throw new ConflictError(DATA_EXPORT_MESSAGES.failed);
  if (status !== 'ready' || !row.blobKey) throw new ConflictError(DATA_EXPORT_MESSAGES.notReady);
  const fileName = `crucible-data-${row.createdAt.toISOString().slice(0, 10)}.zip`;
  const url = await ctx.blobs.presignDownload(row.blobKey, {
    downloadName: fileName,
    contentType: 'application/zip',
    expiresInSeconds: LINK_SECONDS,
  });
  return { url, fileName, linkExpiresAt: new Date(Date.now() + LINK_SECONDS * 1000).toISOString() };
}

/** One service's part (all its pages) and the member's files it names, asked again on failure; auth's own is read here. */
async function gatherPart(
  ctx: Omit<DataExportContext, 'builder'>,
  service: DataExportService,
  userId: string,
): Promise<GatheredDataExportPart> {
  if (service === 'auth') {
    const account = await dataExportRepository.accountOf(ctx.auth.prisma, userId);
    if (!account) throw new Error('the member no longer exists');
    return { part: account, files: [] };
  }
  const subject = DATA_EXPORT_PARTS[service].subject;
  for (let attempt = 1; ; attempt++) {
    try {
      return await requestDataExportPart(ctx.bus, subject, userId, { timeoutMs: PART_TIMEOUT_MS });
    } catch (error) {
      if (attempt >= PART_ATTEMPTS) throw error;
      ctx.auth.logger.warn({ err: error, service, attempt }, 'data export: a part failed; asking again');
      await new Promise((resolve) => setTimeout(resolve, attempt * 1000));
    }
  }
}

/** A name a service gave a file, made safe as one path segment of the zip (no folders, no '..'). */
function safeFileName(name: string): string {
  const cleaned = [...name]
    .map((char) => (char === '/' || char === '\\' || char.charCodeAt(0) < 0x20 ? '_' : char))
    .join('')
    .replace(/^\.+/, '_')
    .trim();
  return cleaned.slice(-200) || 'file';
}

/**
 * The bytes of the member's uploaded files, under files/<service>/. The services keep them in the
 * blob store they share with auth; one gone since (deleted meanwhile) is left out and logged.
 */
async function fileEntries(
  ctx: Omit<DataExportContext, 'builder'>,
  service: DataExportService,
  files: DataExportFile[],
): Promise<ZipEntry[]> {
  const entries: ZipEntry[] = [];
  const taken = new Set<string>();
  for (const file of files) {
    if (!(await ctx.blobs.stat(file.blobKey))) {
      ctx.auth.logger.warn({ service, blobKey: file.blobKey }, 'data export: an uploaded file is gone; left out');
      continue;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of await ctx.blobs.read(file.blobKey)) chunks.push(Buffer.from(chunk as Uint8Array));
    let name = `files/${service}/${safeFileName(file.name)}`;
    for (let copy = 2; taken.has(name); copy++) name = `files/${service}/${copy}-${safeFileName(file.name)}`;
    taken.add(name);
    entries.push({ name, content: Buffer.concat(chunks) });
  }
  return entries;
}

async function build(ctx: Omit<DataExportContext, 'builder'>, job: DataExportRow): Promise<void> {
  const { prisma, logger, mailer, config } = ctx.auth;
  const files: ZipEntry[] = [];
  for (const [index, service] of SERVICES.entries()) {
    try {
      const gathered = await gatherPart(ctx, service, job.userId);
      files.push({ name: DATA_EXPORT_PARTS[service].file, content: `${JSON.stringify(gathered.part, null, 2)}\n` });
      files.push(...(await fileEntries(ctx, service, gathered.files)));
    } catch (error) {
      logger.error({ err: error, exportId: job.id, service }, 'data export failed: a service did not give its part');
      await dataExportRepository.markFailed(prisma, job.id, DATA_EXPORT_MESSAGES.failed);
      return;
    }
    await dataExportRepository.setProgress(prisma, job.id, index + 1);
  }
  const completedAt = new Date();
  const zip = createZip([{ name: 'README.txt', content: dataExportReadme(completedAt) }, ...files], completedAt);
  // A new key per build: objects are write-once, and a build taken over after a lapsed lease must not collide.
  const blobKey = `data-exports/${job.userId}/${job.id}-${randomUUID()}.zip`;
  await ctx.blobs.write(blobKey, zip, { contentType: 'application/zip', size: zip.length });
  const expiresAt = new Date(completedAt.getTime() + TTL_MS);
  await dataExportRepository.markReady(prisma, job.id, { blobKey, sizeBytes: zip.length, completedAt, expiresAt });
  const account = await dataExportRepository.accountOf(prisma, job.userId);
  if (account) {
    const { email, firstName } = account.account;
    await mailer.send(dataExportReadyMail(config.PUBLIC_URL, email, firstName, expiresAt));
  }
}

/**
 * Deletes the objects of exports past their 24 hours, and forgets finished exports once they no
 * longer count towards the daily limit (a day later still, so the page can say one expired).
 */
async function sweepExpired(ctx: Omit<DataExportContext, 'builder'>): Promise<void> {
  const now = Date.now();
  for (const row of await dataExportRepository.listExpired(ctx.auth.prisma, new Date(now))) {
    if (row.blobKey) await ctx.blobs.delete(row.blobKey);
    await dataExportRepository.markExpired(ctx.auth.prisma, row.id);
  }
  await dataExportRepository.deleteFinishedBefore(ctx.auth.prisma, new Date(now - 2 * TTL_MS));
}

/** start, stop, and kick when an export was asked for (build now rather than at the next poll). */
export type DataExportBuilder = WorkLoop;

/**
 * Builds waiting exports in the background, one at a time per instance (claimed with a lease, so
 * instances share the work and a stopped one's export is taken over), and deletes expired ones.
 */
export function createDataExportBuilder(ctx: Omit<DataExportContext, 'builder'>): DataExportBuilder {
  const { logger, prisma } = ctx.auth;
  const loop = createWorkLoop({
    name: 'data export builder',
    intervalMs: POLL_INTERVAL_MS,
    logger,
    async pass() {
      await sweepExpired(ctx);
      for (
        let job = await dataExportRepository.claimNext(prisma, LEASE_SECONDS);
        job && !loop.stopping();
        job = await dataExportRepository.claimNext(prisma, LEASE_SECONDS)
      ) {
        await build(ctx, job);
      }
    },
  });
  return loop;
}
