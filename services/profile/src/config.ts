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

export const profileConfigSchema = z
  .object({
    PORT: configFields.port(SERVICES.profile.defaultPort),
    LOG_LEVEL: configFields.logLevel,
    ...databaseServiceFields(20),
    /** The durable consumer that keeps the users replica; replicas of the service share it. */
    PROFILE_USERS_CONSUMER: configFields.consumerName('profile-users'),
    /** The durable consumer that counts forum activity into user stats. */
    PROFILE_FORUM_CONSUMER: configFields.consumerName('profile-forum'),
  })
  .extend(tokenConfigSchema.shape)
  .extend(metricsConfigSchema.shape)
  // The blob store's own fields (S3_* or DATA_DIR, PUBLIC_URL, BLOB_SIGNING_SECRET): pictures live there.
  .extend(blobStoreConfigSchema.shape)
  .superRefine(requireS3Credentials);
export type ProfileConfig = z.infer<typeof profileConfigSchema>;
