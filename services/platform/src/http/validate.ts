import type { z } from 'zod';

/** Parses with a proto schema; a ZodError thrown here becomes the 400 body in the error middleware. */
export function parseWith<Schema extends z.ZodType>(schema: Schema, value: unknown): z.infer<Schema> {
  return schema.parse(value ?? {});
}
