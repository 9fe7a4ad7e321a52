import { z } from 'zod';
import { SERVICES } from '@crucible/proto';
import { configFields, metricsConfigSchema, tokenConfigSchema } from '@crucible/platform';

export const dmConfigSchema = z
  .object({
    PORT: configFields.port(SERVICES.dm.defaultPort),
    LOG_LEVEL: configFields.logLevel,
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    DATABASE_URL: configFields.url('postgresql://postgres@127.0.0.1:5432/postgres'),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
    /** The durable consumer that keeps the users replica; replicas of the service share it. */
    DM_USERS_CONSUMER: z
      .string()
      .regex(/^[\w-]{1,64}$/)
      .default('dm-users'),
    /** The durable consumer that keeps members' Direct Messages switches from profile's events. */
    DM_PROFILE_CONSUMER: z
      .string()
      .regex(/^[\w-]{1,64}$/)
      .default('dm-profile'),
    /** Direct messages one member may send per minute, to anyone, across replicas (then 429). */
    DM_SENDS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  })
  .extend(tokenConfigSchema.shape)
  .extend(metricsConfigSchema.shape);
export type DmConfig = z.infer<typeof dmConfigSchema>;
