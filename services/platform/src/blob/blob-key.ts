import { BadRequestError } from '../errors/http-errors.ts';

const MAX_KEY_BYTES = 1024;

function blobKeyProblem(key: string): string | null {
  if (key.length === 0) return 'it is empty';
  if (Buffer.byteLength(key) > MAX_KEY_BYTES) return `it is longer than ${MAX_KEY_BYTES} bytes`;
  // eslint-disable-next-line no-control-regex -- finding control characters is the point of this check
  if (/[\u0000-\u001f\u007f]/.test(key)) return 'it contains a control character';
  if (key.includes('\\')) return 'it contains a backslash';
  if (key.startsWith('/')) return 'it is absolute';
  if (key.split('/').some((segment) => segment === '' || segment === '.' || segment === '..'))
    return 'it has an empty, "." or ".." segment';
  return null;
}

/**
 * Keys are relative slash-separated paths. Both stores refuse the same keys, so a key that works
 * on a laptop (disk) works in the cluster (S3) and none can name a file outside the disk store.
 */
export function assertValidBlobKey(key: string): void {
  const problem = blobKeyProblem(key);
  if (problem) throw new BadRequestError(`Invalid blob key: ${problem}`);
}
