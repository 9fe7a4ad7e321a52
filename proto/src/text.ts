import { z } from 'zod';

/**
 * What a one-line field (a name, a title, a topic name) refuses: the bidirectional embeddings,
 * overrides and isolates (U+202A-U+202E, U+2066-U+2069), with which a name can reverse how the line
 * around it reads, and the C0 control characters but tab and newline, which no one types.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const ONE_LINE_UNSAFE = /[\u0000-\u0008\u000B-\u001F\u202A-\u202E\u2066-\u2069]/;

export const TEXT_MESSAGES = {
  oneLineUnsafe: (field: string) => `${field} must not contain control characters or text-direction overrides`,
} as const;

export function isOneLineSafe(text: string): boolean {
  return !ONE_LINE_UNSAFE.test(text);
}

/** The string schema every one-line field starts from; `field` names it in the refusal. */
export function oneLineText(field: string, params?: { error?: string }): z.ZodString {
  return z.string(params).refine(isOneLineSafe, TEXT_MESSAGES.oneLineUnsafe(field));
}
