import { BadRequestError } from '../errors/http-errors.ts';

/**
 * How deeply a JSON body may nest objects and arrays. The deepest contract body is four levels
 * (a poll's options inside a discussion); 32 leaves room for any honest client while keeping every
 * recursive walk of a parsed body (zod, the text check, Prisma's JSON columns) far from the stack.
 */
export const MAX_JSON_DEPTH = 32;

export const JSON_TOO_DEEP_MESSAGE = `The request body is nested too deeply (more than ${MAX_JSON_DEPTH} levels)`;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * The deepest nesting of objects and arrays in raw JSON text, read byte by byte without parsing (so
 * before JSON.parse builds anything), stopping as soon as `limit` is passed. Brackets inside strings
 * do not count. Malformed text is left for the parser to refuse.
 */
export function jsonDepthExceeds(raw: Uint8Array, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < raw.length; index += 1) {
    const byte = raw[index];
    if (inString) {
      if (byte === BACKSLASH) index += 1;
      else if (byte === QUOTE) inString = false;
      continue;
    }
    if (byte === QUOTE) inString = true;
    else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      depth += 1;
      if (depth > limit) return true;
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) depth -= 1;
  }
  return false;
}

/** For body-parser's `verify`: a 400 with a plain message before the body is parsed. */
export function refuseDeepJson(_req: unknown, _res: unknown, raw: Buffer): void {
  if (jsonDepthExceeds(raw)) throw new BadRequestError(JSON_TOO_DEEP_MESSAGE);
}
