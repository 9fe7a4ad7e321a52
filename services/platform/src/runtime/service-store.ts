import type { PrismaPg } from '@prisma/adapter-pg';
import { createRemoteTokenVerifier } from '../auth/session-lookup.ts';
import type { TokenVerifier } from '../auth/token-verifier.ts';
import { openDatabase, type Database } from '../database/database.ts';
import { startBusEndpoints, type BusEndpoint } from '../events/bus-endpoints.ts';
import type { Subscription } from '../events/event-bus.ts';
import { createOutboxRelay, type OutboxRelay } from '../events/outbox.ts';
import type { ReadinessCheck } from '../http/health.ts';
import type { MemberServiceDeps } from '../service.ts';

/** Transactions wait at most this long for a connection, and run at most this long. */
const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 15_000 };

export interface ServiceStoreOptions<Client> {
  config: { DATABASE_URL: string; DATABASE_POOL_SIZE?: number; JWT_ISSUER: string; JWT_AUDIENCE: string };
  deps: MemberServiceDeps;
  /** The service's own PostgreSQL schema and its SQL migrations. */
  schema: string;
  migrationsDir: string;
  /** The service's generated client on the pool: `(adapter, transactionOptions) => new PrismaClient({ ... })`. */
  openClient: (adapter: PrismaPg, transactionOptions: typeof TRANSACTION_OPTIONS) => Client;
  /**
   * Whether the service is ready only with the broker. Auth is: every other service asks it for keys
   * and sessions over the bus. The others keep serving from the outbox and sessions seen meanwhile.
   */
  requireEvents?: boolean;
}

/**
 * What every service with a database opens the same way (DESIGN.md section 2): its schema migrated,
 * its Prisma client, the outbox relay, the token verifier, and the readiness of database and bus.
 */
export interface ServiceStore<Client> {
  readonly database: Database;
  readonly prisma: Client;
  readonly relay: OutboxRelay;
  /**
   * `deps.verifier` when given (tests), else auth's keys and sessions over the bus. Made on first use,
   * so auth, which checks its own tokens, never listens for session changes as a verifier of auth's.
   */
  readonly verifier: TokenVerifier;
  /** Database and events; a service adds its own (blob store, ...). */
  readonly readiness: ReadinessCheck[];
  /**
   * Starts the relay, then the service's consumers and repliers (its `src/events.ts`) in order. When
   * one fails, what started is stopped and the store closed before the error is thrown, so a failed
   * start leaves nothing running.
   */
  start(endpoints: readonly BusEndpoint[]): Promise<void>;
  /** Stops the consumers, flushes the relay, then closes the client and the database. */
  close(): Promise<void>;
}

export async function openServiceStore<Client extends { $disconnect(): Promise<void> }>(
  options: ServiceStoreOptions<Client>,
): Promise<ServiceStore<Client>> {
  const { config, deps, schema } = options;
  const { logger, bus, cache } = deps;
  const database = openDatabase({
    url: config.DATABASE_URL,
    schema,
    migrationsDir: options.migrationsDir,
    logger,
    poolSize: config.DATABASE_POOL_SIZE,
  });
  await database.migrate();
  const prisma = options.openClient(database.adapter, TRANSACTION_OPTIONS);
  const relay = createOutboxRelay({ pool: database.pool, schema, bus, logger });
  let verifier = deps.verifier;
  const subscriptions: Subscription[] = [];

  async function stopConsumersAndRelay(): Promise<void> {
    await Promise.all(subscriptions.splice(0).map((subscription) => subscription.stop()));
    await relay.stop();
  }

  return {
    database,
    prisma,
    relay,
    get verifier() {
      verifier ??= createRemoteTokenVerifier({
        bus,
        cache,
        issuer: config.JWT_ISSUER,
        audience: config.JWT_AUDIENCE,
      });
      return verifier;
    },
    readiness: [
      { name: 'database', check: database.isHealthy },
      // Writes go to the outbox and sessions seen are served from memory while the broker is away.
      { name: 'events', check: () => bus.isHealthy(), optional: !options.requireEvents },
    ],
    async start(endpoints) {
      relay.start();
      try {
        subscriptions.push(...(await startBusEndpoints(endpoints)));
      } catch (error) {
        await stopConsumersAndRelay();
        await prisma.$disconnect();
        await database.close();
        throw error;
      }
    },
    async close() {
      await stopConsumersAndRelay();
      await prisma.$disconnect();
      await database.close();
    },
  };
}
