import { z } from 'zod';
import { SERVICES } from '@crucible/proto';
import { configFields, databaseServiceFields, metricsConfigSchema, tokenConfigSchema } from '@crucible/platform';

export const dmConfigSchema = z
  .object({
    PORT: configFields.port(SERVICES.dm.defaultPort),
    LOG_LEVEL: configFields.logLevel,
    ...databaseServiceFields(20),
    /** The durable consumer that keeps the users replica; replicas of the service share it. */
    DM_USERS_CONSUMER: configFields.consumerName('dm-users'),
    /** The durable consumer that keeps members' Direct Messages switches from profile's events. */
    DM_PROFILE_CONSUMER: configFields.consumerName('dm-profile'),
    /** Direct messages one member may send per minute, to anyone, across replicas (then 429). */
    DM_SENDS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  })
  .extend(tokenConfigSchema.shape)
  .extend(metricsConfigSchema.shape);
export type DmConfig = z.infer<typeof dmConfigSchema>;
