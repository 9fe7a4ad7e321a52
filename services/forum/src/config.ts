import { z } from 'zod';
import { SERVICES } from '@crucible/proto';
import {
  blobStoreConfigSchema,
  configFields,
  metricsConfigSchema,
  requireS3Credentials,
  tokenConfigSchema,
} from '@crucible/platform';

export const forumConfigSchema = z
  .object({
    PORT: configFields.port(SERVICES.forum.defaultPort),
    LOG_LEVEL: configFields.logLevel,
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    DATABASE_URL: configFields.url('postgresql://postgres@127.0.0.1:5432/postgres'),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
    /** The durable consumer that keeps the users replica; replicas of the service share it. */
    FORUM_USERS_CONSUMER: z
      .string()
      .regex(/^[\w-]{1,64}$/)
      .default('forum-users'),
    /** The durable consumer that forgets cached first pages on the forum's own events (first-pages.ts). */
    FORUM_PAGES_CONSUMER: z
      .string()
      .regex(/^[\w-]{1,64}$/)
      .default('forum-first-pages'),
    /** How long a cached first page lives at most (0: no cache); the forum's events forget it before that. */
    FORUM_FIRST_PAGE_TTL_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  })
  .extend(tokenConfigSchema.shape)
  .extend(metricsConfigSchema.shape)
  // The blob store's own fields (S3_* or DATA_DIR, PUBLIC_URL, BLOB_SIGNING_SECRET).
  .extend(blobStoreConfigSchema.shape)
  .superRefine(requireS3Credentials);
export type ForumConfig = z.infer<typeof forumConfigSchema>;
