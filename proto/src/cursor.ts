/** A keyset cursor: the sort key of the last item of a page (encoded as base64url JSON, opaque to clients). */
export interface KeysetCursor {
  pinned?: boolean;
  at: string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** The instants the server writes (ISO 8601 in UTC); a wider form such as `+275760-...` or `1` never is one. */
const INSTANT = /^(\d{4})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z$/;

/**
 * A real instant PostgreSQL accepts: JavaScript's Date takes `"1"` and years up to 275760, PostgreSQL
 * refuses them, and a day like 02-30 that Date silently rolls over is no instant the server wrote.
 */
export function isCursorInstant(text: string): boolean {
  const match = INSTANT.exec(text);
  if (!match) return false;
  const year = Number(match[1]);
  const parsed = new Date(text);
  return (
    year >= 1970 &&
    year <= 9999 &&
    !Number.isNaN(parsed.getTime()) &&
    parsed.toISOString().slice(0, 19) === text.slice(0, 19)
  );
}

export function encodeKeysetCursor(cursor: KeysetCursor): string {
  return btoaUrl(JSON.stringify([cursor.pinned ?? null, cursor.at, cursor.id]));
}

/** The cursor, or null for anything the server did not (or could not) have written. */
export function decodeKeysetCursor(text: string): KeysetCursor | null {
  if (!BASE64URL.test(text)) return null;
  try {
    const decoded: unknown = JSON.parse(atobUrl(text));
    if (!Array.isArray(decoded) || decoded.length !== 3) return null;
    const [pinned, at, id] = decoded as [unknown, unknown, unknown];
    if (pinned !== null && typeof pinned !== 'boolean') return null;
    if (typeof at !== 'string' || !isCursorInstant(at) || typeof id !== 'string' || !UUID.test(id)) return null;
    return { pinned: pinned ?? undefined, at, id };
  } catch {
    return null;
  }
}

// proto runs in the browser too, so no Buffer: base64url over UTF-8 by hand.
function btoaUrl(text: string): string {
  const bytes = new TextEncoder().encode(text);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function atobUrl(text: string): string {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}
