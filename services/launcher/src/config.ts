import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { configFields, infrastructureConfigSchema } from '@crucible/platform';

export const launcherConfigSchema = infrastructureConfigSchema.extend({
  /** `all`, or a comma list of service names (`auth,forum`) plus `gateway`. */
  TARGETS: z.string().default('all'),
  PORT: configFields.port(5000),
  /** Loopback by default: one-machine mode is for this machine; set 0.0.0.0 to share it. */
  HOST: z.string().default('127.0.0.1'),
  LOG_LEVEL: configFields.logLevel.default('warn'),
  /** Embedded PostgreSQL data and disk blobs live here (git-ignored). */
  DATA_DIR: z.string().default(fileURLToPath(new URL('../../../.data', import.meta.url))),
  DATABASE_URL: configFields.optionalUrl,
  EMBEDDED_POSTGRES_PORT: configFields.port(5433),
  PUBLIC_URL: configFields.optionalUrl,
});
export type LauncherConfig = z.infer<typeof launcherConfigSchema>;
