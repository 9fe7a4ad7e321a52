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

export const projectConfigSchema = z
  .object({
    PORT: configFields.port(SERVICES.project.defaultPort),
    LOG_LEVEL: configFields.logLevel,
    ...databaseServiceFields(20),
    /** The durable consumer that keeps the users replica (who is Core); replicas of the service share it. */
    PROJECT_USERS_CONSUMER: configFields.consumerName('project-users'),
  })
  .extend(tokenConfigSchema.shape)
  .extend(metricsConfigSchema.shape)
  // The blob store's own fields (S3_* or DATA_DIR, PUBLIC_URL, BLOB_SIGNING_SECRET): task attachments live there.
  .extend(blobStoreConfigSchema.shape)
  .superRefine(requireS3Credentials);
export type ProjectConfig = z.infer<typeof projectConfigSchema>;
