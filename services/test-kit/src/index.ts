/**
 * The test kit (`@crucible/test-kit`): what the services', the gateway's and the browser tests
 * share. The real PostgreSQL, NATS and Redis or a clear failure, a database and NATS namespace per
 * test file, a service started by its own factory with test tokens, requests and typed contract
 * calls, event collectors, captured mail, the input sweep, and private servers to stop and start.
 * Named one by one, so a helper stays internal until a test imports it.
 */
export { collectEvents, deleteDurable, uniqueTag, type EventCollector } from './event-collector.ts';
export { freePort, freePorts } from './free-port.ts';
export {
  callsWith,
  requestsTo,
  startHarness,
  type CleanupStack,
  type TestCall,
  type TestRequest,
  type TestRequestOptions,
} from './http-harness.ts';
export { sweepRoutes, type SweepFinding, type SweepSample, type SweepTarget } from './input-sweep.ts';
export { useMigratedDatabase, type MigratedDatabase, type MigratedDatabaseOptions } from './migrated-database.ts';
export { startPrivatePostgres, type PrivatePostgres } from './private-postgres.ts';
export { readZip } from './read-zip.ts';
export {
  TEST_SERVICES,
  createTestDatabase,
  createTestNatsBus,
  deleteNamespaceStreams,
  notRunningMessage,
  requireService,
  uniqueNamespace,
  waitForConsumerToCatchUp,
  type TestDatabase,
} from './required-services.ts';
export { startServerProcess, type ServerProcess } from './server-process.ts';
export {
  addToUsersReplica,
  startServiceHarness,
  startServiceProcess,
  type ServiceHarness,
  type ServiceHarnessOptions,
  type ServiceProcess,
  type ServiceProcessOptions,
  type TestMember,
  type TestMemberOptions,
  type TestServiceDeps,
} from './service-harness.ts';
export { linkIn, startSmtpCapture, type CapturedMail, type SmtpCapture } from './smtp-capture.ts';
export { createTestTokenIssuer, type TestPrincipal, type TestTokenIssuer } from './test-tokens.ts';
