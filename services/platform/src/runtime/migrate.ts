import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { ServiceName } from '@crucible/proto';
import { configFields } from '../config/load-config.ts';
import { openDatabase } from '../database/database.ts';
import type { Logger } from '../logging/logger.ts';

/**
 * `RUN_MODE=migrate` makes a service's own entry point (main.ts -> runStandalone) apply its
 * migrations and exit instead of serving: the Kubernetes migration Job of each rollout runs the
 * service image this way (deploy/kustomize/base/migrations.yaml), so replicas never migrate first.
 */
export const runModeConfigSchema = z.object({
  RUN_MODE: z.enum(['serve', 'migrate']).default('serve'),
});

export const migrateConfigSchema = z.object({
  DATABASE_URL: configFields.url('postgresql://postgres@127.0.0.1:5432/crucible'),
  LOG_LEVEL: configFields.logLevel,
});

/**
 * services/<name>/migrations, by the repository's convention (the image keeps the repository's
 * layout, so this resolves the same in a checkout and in the bundle).
 */
export function serviceMigrationsDir(name: ServiceName): string {
  return fileURLToPath(new URL(`../../../${name}/migrations`, import.meta.url));
}

export interface MigrateServiceOptions {
  url: string;
  logger: Logger;
  /** The service's schema; every service names its schema after itself. */
  schema?: string;
  migrationsDir?: string;
}

/**
 * Applies the platform's and the service's migrations to its schema, then closes the connection.
 * node-pg-migrate holds a PostgreSQL advisory lock meanwhile (database.ts waits for it), so a Job
 * and a replica that start together apply each migration once.
 */
export async function migrateService(name: ServiceName, options: MigrateServiceOptions): Promise<void> {
  const migrationsDir = options.migrationsDir ?? serviceMigrationsDir(name);
  if (!existsSync(migrationsDir)) throw new Error(`${name} has no migrations folder at ${migrationsDir}`);
  const database = openDatabase({
    url: options.url,
    schema: options.schema ?? name,
    migrationsDir,
    logger: options.logger,
    poolSize: 1,
  });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
}
