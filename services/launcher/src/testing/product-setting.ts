import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { ServiceName } from '@crucible/proto';
import {
  connectInfrastructure,
  infrastructureConfigSchema,
  listen,
  loadConfig,
  silentLogger,
  type Infrastructure,
  type RunningService,
} from '@crucible/platform';
import {
  createTestDatabase,
  deleteNamespaceStreams,
  requireService,
  uniqueNamespace,
  uniqueTag,
  type TestDatabase,
} from '@crucible/test-kit';
import { SERVICE_STARTERS } from '../registry.ts';

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

export type ProductCall = (
  service: ServiceName,
  path: string,
  options?: { method?: string; token?: string; json?: unknown; expect?: number },
) => Promise<Record<string, unknown>>;

/**
 * Starts `names` in this process, each on its own port, as the launcher's starters build them, and
 * answers their ports, the running services and `call`: a JSON request to one of them that fails the
 * test with the body when the status is not `expect` (200 by default).
 */
export async function startProductServices(
  cleanups: (() => Promise<unknown>)[],
  names: ServiceName[],
  env: Record<string, string>,
  deps: Awaited<ReturnType<typeof productTestSetting>>['deps'],
) {
  const ports = new Map<ServiceName, number>();
  const services = new Map<ServiceName, RunningService>();
  for (const name of names) {
    const service = await SERVICE_STARTERS[name]!(env, deps);
    cleanups.push(() => service.stop());
    const http = await listen(service.app, 0, '127.0.0.1');
    cleanups.push(() => http.close());
    ports.set(name, http.port);
    services.set(name, service);
  }
  const call: ProductCall = async (service, path, options = {}) => {
    const response = await fetch(`http://127.0.0.1:${ports.get(service)}${path}`, {
      method: options.method ?? (options.json === undefined ? 'GET' : 'POST'),
      headers: {
        'content-type': 'application/json',
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: options.json === undefined ? undefined : JSON.stringify(options.json),
    });
    const text = await response.text();
    expect(response.status, `${service} ${options.method ?? ''} ${path}: ${text}`).toBe(options.expect ?? 200);
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  };
  return { ports, services, call };
}
