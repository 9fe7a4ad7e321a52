const FALLBACK_CONTENT_TYPE = 'application/octet-stream';
// Types a browser renders as a document, where an uploaded file could run script in our origin.
const DOCUMENT_TYPE = /html|xml|svg|xsl/i;

/** RFC 8187: encodeURIComponent leaves ' ( ) * as they are, which that grammar does not allow. */
export function attachmentDisposition(downloadName: string): string {
  const encoded = encodeURIComponent(downloadName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename*=UTF-8''${encoded}`;
}

/** The type a download is served with: the stored one, unless a browser could treat it as a page. */
export function servedContentType(contentType: string | null | undefined): string {
  const mediaType = contentType?.split(';')[0]?.trim();
  if (!contentType || !mediaType || DOCUMENT_TYPE.test(mediaType)) return FALLBACK_CONTENT_TYPE;
  return contentType;
}

/** Sent with every download: should a browser render it anyway, it sniffs nothing and the document gets no origin and runs nothing. */
export const DOWNLOAD_SAFETY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; sandbox",
} as const;
