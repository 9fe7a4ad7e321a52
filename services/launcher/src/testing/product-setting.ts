import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  connectInfrastructure,
  infrastructureConfigSchema,
  loadConfig,
  silentLogger,
  type Infrastructure,
} from '@crucible/platform';
import {
  createTestDatabase,
  deleteNamespaceStreams,
  requireService,
  uniqueNamespace,
  uniqueTag,
  type TestDatabase,
} from '@crucible/platform/testing';

export const PRODUCT_TEST_PASSWORD = 'correct horse battery';

/**
 * What a launcher integration test builds a product on, as the launcher does: its own database,
 * NATS namespace and data folder on the real servers, the first admin, and the infrastructure the
 * services share (connectInfrastructure, no in-process fallbacks). Everything it opens is undone by
 * the `cleanups` it appends to, in reverse order.
 */
export async function productTestSetting(cleanups: (() => Promise<unknown>)[], name: string) {
  const namespace = uniqueNamespace(`${name}-it`);
  cleanups.push(() => deleteNamespaceStreams(namespace));
  const database: TestDatabase = await createTestDatabase(`${name.replace(/-/g, '_')}_it`);
  cleanups.push(() => database.drop());
  const dataDir = await mkdtemp(join(tmpdir(), `${name}-it-`));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const adminEmail = `admin.${uniqueTag()}@it.crucible.test`;
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url,
    NATS_URL: await requireService('nats'),
    REDIS_URL: await requireService('redis'),
    NATS_NAMESPACE: namespace,
    ADMIN_EMAIL: adminEmail,
    ADMIN_PASSWORD: PRODUCT_TEST_PASSWORD,
    DATA_DIR: dataDir,
  };
  const infrastructure: Infrastructure = await connectInfrastructure({
    service: `${name}-it`,
    config: loadConfig(infrastructureConfigSchema, env),
    logger: silentLogger,
    fallbackToInProcess: false,
  });
  cleanups.push(() => infrastructure.close());
  const deps = {
    logger: silentLogger,
    bus: infrastructure.bus,
    cache: infrastructure.cache,
    collectProcessMetrics: false,
  };
  return { namespace, database, adminEmail, env, infrastructure, deps };
}
