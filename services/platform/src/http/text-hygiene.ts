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

/**
 * The first string (value or key) anywhere in `value` that cannot be stored, with its dotted path.
 * Walked with an explicit stack, depth first in document order, so no nesting can overflow the call
 * stack (the parser limits depth too, but values reach here from query strings and events as well).
 */
export function findUnsafeText(value: unknown, path: string[] = []): UnsafeText | undefined {
  // Each node keeps a link to its parent; the dotted path is built only for the one that is reported.
  interface Node {
    value: unknown;
    key?: string;
    parent?: Node;
  }
  const pathOf = (node: Node | undefined, last?: string): string => {
    const keys: string[] = last === undefined ? [] : [last];
    for (let at = node; at?.key !== undefined; at = at.parent) keys.push(at.key);
    return [...path, ...keys.reverse()].join('.');
  };
  const pending: Node[] = [{ value }];
  while (pending.length > 0) {
    const node = pending.pop()!;
    if (typeof node.value === 'string') {
      const problem = problemOf(node.value);
      if (problem) return { field: pathOf(node) || 'value', problem };
      continue;
    }
    if (typeof node.value !== 'object' || node.value === null) continue;
    const entries = Object.entries(node.value);
    for (const [key] of entries) {
      const keyProblem = problemOf(key);
      if (keyProblem) return { field: pathOf(node, key), problem: `name ${keyProblem}` };
    }
    // Reversed, so the first entry is walked first.
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, item] = entries[index]!;
      if (typeof item === 'object' || typeof item === 'string') pending.push({ value: item, key, parent: node });
    }
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
