import { strToU8, zipSync, type Zippable } from 'fflate';

/** One file of an archive built in memory (a data export's JSON parts and its README). */
export interface ZipEntry {
  name: string;
  content: Buffer | string;
}

/** A deflated zip of a few in-memory files, as a data export needs (fflate). */
export function createZip(entries: ZipEntry[], modifiedAt = new Date()): Buffer {
  const files: Zippable = {};
  for (const entry of entries) {
    const data = typeof entry.content === 'string' ? strToU8(entry.content) : new Uint8Array(entry.content);
    files[entry.name] = [data, { mtime: modifiedAt }];
  }
  return Buffer.from(zipSync(files, { level: 6 }));
}
