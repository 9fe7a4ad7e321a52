import { z } from 'zod';
import { SERVICES } from '@crucible/proto';
import {
  blobStoreConfigSchema,
  configFields,
  metricsConfigSchema,
  requireS3Credentials,
  tokenConfigSchema,
} from '@crucible/platform';

export const profileConfigSchema = z
  .object({
    PORT: configFields.port(SERVICES.profile.defaultPort),
    LOG_LEVEL: configFields.logLevel,
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    DATABASE_URL: configFields.url('postgresql://postgres@127.0.0.1:5432/postgres'),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
    /** The durable consumer that keeps the users replica; replicas of the service share it. */
    PROFILE_USERS_CONSUMER: z
      .string()
      .regex(/^[\w-]{1,64}$/)
      .default('profile-users'),
    /** The durable consumer that counts forum activity into user stats. */
    PROFILE_FORUM_CONSUMER: z
      .string()
      .regex(/^[\w-]{1,64}$/)
      .default('profile-forum'),
  })
  .extend(tokenConfigSchema.shape)
  .extend(metricsConfigSchema.shape)
  // The blob store's own fields (S3_* or DATA_DIR, PUBLIC_URL, BLOB_SIGNING_SECRET): pictures live there.
  .extend(blobStoreConfigSchema.shape)
  .superRefine(requireS3Credentials);
export type ProfileConfig = z.infer<typeof profileConfigSchema>;
