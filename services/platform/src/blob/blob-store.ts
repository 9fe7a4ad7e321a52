import type { Readable } from 'node:stream';

export interface BlobInfo {
  size: number;
  contentType: string | null;
}

export interface BlobStore {
  readonly kind: 's3' | 'disk';
  readonly location: string;
  /**
   * A URL the browser PUTs the file to directly, with its Content-Type header. With `size`, a store
   * that can (disk) refuses a body of any other length; S3's presigned PUT cannot bind the length,
   * so the recording step checks it (upload-links.ts).
   */
  presignUpload(
    key: string,
    options: { contentType: string; size?: number; expiresInSeconds?: number },
  ): Promise<string>;
  /** A URL that downloads the object as an attachment named `downloadName`. */
  presignDownload(
    key: string,
    options: { downloadName: string; contentType?: string; expiresInSeconds?: number },
  ): Promise<string>;
  stat(key: string): Promise<BlobInfo | null>;
  /** Reads the whole object, or the byte range [start, end] inclusive. */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /**
   * Stores a new object. Objects are write-once: a key that holds one is refused with a 409, and a
   * body whose length differs from `size` (when given) with a 400, storing nothing.
   */
  write(key: string, body: Readable | Buffer, options: { contentType: string; size?: number }): Promise<void>;
  /**
   * Moves an object to a key nobody holds a presigned upload URL for, so what a member uploaded can
   * no longer be replaced through that URL. A 404 when `from` is missing, a 409 when `to` is taken.
   * Where the store can (disk), `from` stays spent: a later write there is refused with a 409 until
   * it is deleted. S3 cannot refuse a PUT its presigned URL allows; what lands there is swept.
   */
  move(from: string, to: string): Promise<BlobInfo>;
  delete(key: string): Promise<void>;
  isHealthy(): Promise<boolean>;
}
