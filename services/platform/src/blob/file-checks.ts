import { Readable } from 'node:stream';
import { fileTypeFromStream } from 'file-type';
import { ATTACHMENT_MESSAGES, allowedAttachmentFor, type AllowedAttachment } from '@crucible/proto';
import type { BlobStore } from './blob-store.ts';

/** What the file's own bytes must say for each allowed type; text has no signature at all. */
const SIGNATURES: Record<AllowedAttachment['mimeType'], readonly string[] | 'text'> = {
  'image/jpeg': ['image/jpeg'],
  'image/png': ['image/png'],
  'image/gif': ['image/gif'],
  'image/webp': ['image/webp'],
  'image/bmp': ['image/bmp'],
  'image/avif': ['image/avif'],
  'application/pdf': ['application/pdf'],
  // Legacy Office files are Compound File Binary containers.
  'application/msword': ['application/x-cfb'],
  'application/vnd.ms-powerpoint': ['application/x-cfb'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': [
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  ],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': [
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  ],
  'text/plain': 'text',
  'text/markdown': 'text',
};

/** How much of a text file is checked for being UTF-8 without NUL bytes. */
export const TEXT_SAMPLE_BYTES = 64 * 1024;

/** The signature found in the bytes (the stream is read only as far as needed, then closed). */
export async function sniffMimeType(stream: Readable): Promise<string | undefined> {
  try {
    // As a web stream: the type declarations file-type offers under this repo's module resolution.
    return (await fileTypeFromStream(Readable.toWeb(stream) as ReadableStream<Uint8Array>))?.mime;
  } finally {
    stream.destroy();
  }
}

/**
 * Whether `sample` (the first bytes of a file, `complete` when it is the whole file) is text: valid
 * UTF-8 without NUL. A sample cut inside a multi-byte character is judged without that character.
 */
export function looksLikeText(sample: Buffer, complete: boolean): boolean {
  if (sample.includes(0)) return false;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const maxCut = complete ? 0 : Math.min(3, sample.length);
  for (let cut = 0; cut <= maxCut; cut += 1) {
    try {
      decoder.decode(sample.subarray(0, sample.length - cut));
      return true;
    } catch {
      // try without the last bytes: they may be the start of a character the sample cut off
    }
  }
  return false;
}

export interface ContentEvidence {
  /** What the signature check found, if anything. */
  sniffedMimeType: string | undefined;
  /** The first bytes, for files without a signature. */
  textSample: () => Promise<{ sample: Buffer; complete: boolean }>;
}

/** Whether the stored bytes are what the name and declared type claim. */
export async function contentMatches(kind: AllowedAttachment, evidence: ContentEvidence): Promise<boolean> {
  const expected = SIGNATURES[kind.mimeType];
  if (expected !== 'text') return evidence.sniffedMimeType !== undefined && expected.includes(evidence.sniffedMimeType);
  if (evidence.sniffedMimeType !== undefined) return false;
  const { sample, complete } = await evidence.textSample();
  return looksLikeText(sample, complete);
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Whether a stored object may become an attachment named `originalName`: an allowed type by its
 * name (and declared type), within `maxBytes`, and its own bytes of that type. Answers the kind, or
 * the reason (proto's ATTACHMENT_MESSAGES) to refuse it with.
 */
export async function vetStoredAttachment(
  store: Pick<BlobStore, 'read'>,
  stored: { key: string; size: number },
  claimed: { originalName: string; mimeType?: string },
  maxBytes: number,
): Promise<{ kind: AllowedAttachment } | { problem: string }> {
  const kind = allowedAttachmentFor(claimed.originalName, claimed.mimeType);
  if (!kind) return { problem: ATTACHMENT_MESSAGES.fileTypeNotAllowed };
  if (stored.size > maxBytes) return { problem: ATTACHMENT_MESSAGES.fileTooLarge(maxBytes) };
  const { key, size } = stored;
  const matches = await contentMatches(kind, {
    sniffedMimeType: size === 0 ? undefined : await sniffMimeType(await store.read(key)),
    textSample: async () => {
      if (size === 0) return { sample: Buffer.alloc(0), complete: true };
      const end = Math.min(size, TEXT_SAMPLE_BYTES) - 1;
      return { sample: await readAll(await store.read(key, { start: 0, end })), complete: end === size - 1 };
    },
  });
  return matches ? { kind } : { problem: ATTACHMENT_MESSAGES.fileContentMismatch };
}
