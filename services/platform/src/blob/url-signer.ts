import { createHmac, timingSafeEqual } from 'node:crypto';
import { ForbiddenError } from '../errors/http-errors.ts';

export type PresignedMethod = 'GET' | 'PUT';

/** What a presigned URL promises besides its key: the upload's type and size, or the download's name and type. */
export interface PresignedTerms {
  contentType?: string;
  downloadName?: string;
  /** The exact number of bytes an upload must carry. */
  size?: number;
}

export interface UrlSigner {
  /** The query string (`expires`, the terms and `sig`) that lets `method` on `key` until expiry. */
  sign(method: PresignedMethod, key: string, terms: PresignedTerms, expiresInSeconds: number): string;
  /** The terms a URL's query was signed with; a 403 when the query is forged, altered or expired. */
  verify(method: PresignedMethod, key: string, query: Record<string, unknown>): PresignedTerms;
}

function stringParam(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function sizeParam(value: unknown): number | undefined {
  return typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : undefined;
}

function sameSignature(given: string, expected: string): boolean {
  const givenBytes = Buffer.from(given);
  const expectedBytes = Buffer.from(expected);
  return givenBytes.length === expectedBytes.length && timingSafeEqual(givenBytes, expectedBytes);
}

/** HMAC-SHA256 (base64url) over everything the URL grants, so no part can be swapped for another. */
export function createUrlSigner(secret: string): UrlSigner {
  if (!secret) throw new Error('A URL signing secret is required');

  const signatureOf = (method: PresignedMethod, key: string, expires: string, terms: PresignedTerms) =>
    // JSON keeps the fields apart whatever characters they contain.
    createHmac('sha256', secret)
      .update(
        JSON.stringify([
          method,
          key,
          expires,
          terms.contentType ?? null,
          terms.downloadName ?? null,
          terms.size ?? null,
        ]),
      )
      .digest('base64url');

  return {
    sign(method, key, terms, expiresInSeconds) {
      const expires = String(Math.floor(Date.now() / 1000) + expiresInSeconds);
      const query = new URLSearchParams({ expires });
      if (terms.contentType !== undefined) query.set('contentType', terms.contentType);
      if (terms.downloadName !== undefined) query.set('name', terms.downloadName);
      if (terms.size !== undefined) query.set('size', String(terms.size));
      query.set('sig', signatureOf(method, key, expires, terms));
      return query.toString();
    },

    verify(method, key, query) {
      const expires = stringParam(query.expires);
      const signature = stringParam(query.sig);
      const terms = {
        contentType: stringParam(query.contentType),
        downloadName: stringParam(query.name),
        size: sizeParam(query.size),
      };
      if (!expires || !signature || !sameSignature(signature, signatureOf(method, key, expires, terms))) {
        throw new ForbiddenError('The link is not valid');
      }
      if (Number(expires) * 1000 < Date.now()) throw new ForbiddenError('The link has expired');
      return terms;
    },
  };
}
