import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { SERVICES, type ServiceName } from '@crucible/proto';
import { configFields, infrastructureConfigSchema } from '@crucible/platform';

/** Where each service listens inside the one process (`AUTH_PORT`, ...); the gateway takes PORT. */
const servicePortFields = Object.fromEntries(
  (Object.keys(SERVICES) as ServiceName[]).map((name) => [
    servicePortVariable(name),
    configFields.port(SERVICES[name].defaultPort),
  ]),
) as Record<`${Uppercase<ServiceName>}_PORT`, ReturnType<typeof configFields.port>>;

export function servicePortVariable<Name extends ServiceName>(name: Name): `${Uppercase<Name>}_PORT` {
  return `${name.toUpperCase() as Uppercase<Name>}_PORT`;
}

export const launcherConfigSchema = infrastructureConfigSchema.extend({
  /** `all`, or a comma list of service names (`auth,forum`) plus `gateway`. */
  TARGETS: z.string().default('all'),
  PORT: configFields.port(5000),
  /**
   * Loopback by default: one-machine mode is for this machine. Another address (0.0.0.0) needs real
   * SMTP and OIDC (or EXTERNAL_SIGN_IN=off) first; see dev-stand-ins.ts and the README.
   */
  HOST: z.string().default('127.0.0.1'),
  LOG_LEVEL: configFields.logLevel.default('warn'),
  /** Embedded PostgreSQL data and disk blobs live here (git-ignored). */
  DATA_DIR: z.string().default(fileURLToPath(new URL('../../../.data', import.meta.url))),
  DATABASE_URL: configFields.optionalUrl,
  /** Tried when DATABASE_URL is unset: the product gets its own database there, else an embedded server starts. */
  LOCAL_DATABASE_SERVER_URL: configFields.url('postgresql://postgres@127.0.0.1:5432/postgres'),
  EMBEDDED_POSTGRES_PORT: configFields.port(5433),
  PUBLIC_URL: configFields.optionalUrl,
  ...servicePortFields,
});
export type LauncherConfig = z.infer<typeof launcherConfigSchema>;
