import { z } from 'zod';

/** The one error body every service and the gateway answer with. */
export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  error: z.string().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  errorId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
