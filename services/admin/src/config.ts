import { z } from 'zod';
import { SERVICES } from '@crucible/proto';
import { configFields, databaseServiceFields, metricsConfigSchema, tokenConfigSchema } from '@crucible/platform';

export const adminConfigSchema = z
  .object({
    PORT: configFields.port(SERVICES.admin.defaultPort),
    LOG_LEVEL: configFields.logLevel,
    ...databaseServiceFields(10),
    /** The durable consumer that keeps message snapshots from dm's events; replicas of the service share it. */
    ADMIN_MESSAGES_CONSUMER: configFields.consumerName('admin-dm-messages'),
    /** The durable consumer that keeps members' names from auth's events. */
    ADMIN_USERS_CONSUMER: configFields.consumerName('admin-users'),
    /** The durable consumer that writes the audit log from every service's admin action events. */
    ADMIN_AUDIT_CONSUMER: configFields.consumerName('admin-audit'),
    /** How long a page waits for auth to name a member whose event has not arrived yet. */
    AUTH_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(2_000),
    /** How long a report waits for dm to describe a message it has not heard of yet. */
    DM_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3_000),
    /** How long a review waits for forum to delete a reported post. */
    FORUM_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3_000),
  })
  .extend(tokenConfigSchema.shape)
  .extend(metricsConfigSchema.shape);
export type AdminConfig = z.infer<typeof adminConfigSchema>;
