import type { RequestHandler } from 'express';
import { BadRequestError } from '../errors/http-errors.ts';

/**
 * Text that reaches PostgreSQL or an event payload must be well-formed: PostgreSQL refuses NUL in
 * text (a 500 at the first query), and a lone UTF-16 surrogate cannot be encoded as UTF-8 for an
 * event or a column. Both are refused with a 400 naming the field rather than normalised: no
 * member types either, and quietly changing what was sent would hide a broken client.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function problemOf(text: string): string | undefined {
  if (text.includes('\u0000')) return 'must not contain a NUL character';
  if (LONE_SURROGATE.test(text)) return 'must not contain a lone UTF-16 surrogate';
  return undefined;
}

export interface UnsafeText {
  field: string;
  problem: string;
}

/** The first string (value or key) anywhere in `value` that cannot be stored, with its dotted path. */
export function findUnsafeText(value: unknown, path: string[] = []): UnsafeText | undefined {
  if (typeof value === 'string') {
    const problem = problemOf(value);
    return problem ? { field: path.join('.') || 'value', problem } : undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const keyProblem = problemOf(key);
    if (keyProblem) return { field: [...path, key].join('.'), problem: `name ${keyProblem}` };
    const found = findUnsafeText(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/** Throws the 400 for the first unsafe text among the request's parts (`{query: req.query, body: req.body}`). */
export function assertStorableText(parts: Record<string, unknown>): void {
  for (const part of Object.values(parts)) {
    const unsafe = findUnsafeText(part);
    if (unsafe) {
      const message = `${unsafe.field} ${unsafe.problem}`;
      throw new BadRequestError(message, { issues: [{ path: unsafe.field, message }] });
    }
  }
}

/** Every service's query string and JSON body, before any route sees them. */
export const refuseUnstorableText: RequestHandler = (req, _res, next) => {
  assertStorableText({ query: req.query, body: req.body });
  next();
};
