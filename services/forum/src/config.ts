import { z } from 'zod';
import { SERVICES } from '@crucible/proto';
import {
  blobStoreConfigSchema,
  configFields,
  databaseServiceFields,
  metricsConfigSchema,
  requireS3Credentials,
  tokenConfigSchema,
} from '@crucible/platform';

export const forumConfigSchema = z
  .object({
    PORT: configFields.port(SERVICES.forum.defaultPort),
    LOG_LEVEL: configFields.logLevel,
    ...databaseServiceFields(20),
    /** The durable consumer that keeps the users replica; replicas of the service share it. */
    FORUM_USERS_CONSUMER: configFields.consumerName('forum-users'),
    /** The durable consumer that forgets cached first pages on the forum's own events (first-pages.ts). */
    FORUM_PAGES_CONSUMER: configFields.consumerName('forum-first-pages'),
    /** How long a cached first page lives at most (0: no cache); the forum's events forget it before that. */
    FORUM_FIRST_PAGE_TTL_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  })
  .extend(tokenConfigSchema.shape)
  .extend(metricsConfigSchema.shape)
  // The blob store's own fields (S3_* or DATA_DIR, PUBLIC_URL, BLOB_SIGNING_SECRET).
  .extend(blobStoreConfigSchema.shape)
  .superRefine(requireS3Credentials);
export type ForumConfig = z.infer<typeof forumConfigSchema>;
