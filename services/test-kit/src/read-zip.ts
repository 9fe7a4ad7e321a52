import { strFromU8, unzipSync } from 'fflate';

/** Tests' reader of an archive's files as text, by name. */
export function readZip(zip: Buffer): Map<string, string> {
  return new Map(Object.entries(unzipSync(new Uint8Array(zip))).map(([name, data]) => [name, strFromU8(data)]));
}
