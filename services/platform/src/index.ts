/**
 * What services, the gateway, the launcher and the kits use of the platform, named one by one so the
 * library's surface is what its users need and a helper stays internal until one of them imports it.
 * The test kit and the bench kit are packages of their own (`@crucible/test-kit`, `@crucible/bench-kit`).
 */
export { ADMINS_ONLY_MESSAGE, isAdmin, requireAdmin } from './auth/admin.ts';
export { authenticate, principalOf } from './auth/authenticate.ts';
export { NO_REQUEST_META, callerFromPrincipal, optionalCallerOf, type Caller } from './auth/caller.ts';
export {
  askAuthForKeys,
  askAuthForSession,
  createRemoteTokenVerifier,
  createSessionLookup,
  writeSessionToCache,
} from './auth/session-lookup.ts';
export { ACCESS_TOKEN_ALGORITHM, createTokenVerifier, type TokenVerifier } from './auth/token-verifier.ts';
export {
  ATTACHMENT_MAX_BYTES,
  DOWNLOAD_SAFETY_HEADERS,
  PENDING_UPLOAD_CAPS,
  TEXT_SAMPLE_BYTES,
  claimUploadAndMove,
  contentMatches,
  createZip,
  deleteStoredObjectsLater,
  handOutUploadLink,
  sniffMimeType,
  sweepExpiredUploadLinks,
  sweepUploadsPeriodically,
  vetStoredAttachment,
  type BlobStore,
  type DiskBlobStore,
  type ZipEntry,
} from './blob/index.ts';
export { createMemoryCache, createRedisCache, redactRedisUrl, type Cache, type RedisCache } from './cache/index.ts';
export {
  ConfigError,
  configFields,
  databaseServiceFields,
  loadConfig,
  tokenConfigSchema,
} from './config/load-config.ts';
export { isUniqueViolation } from './database/constraint-errors.ts';
export { describeDatabaseUrl, openDatabase, type Database } from './database/database.ts';
export {
  isoSql,
  preparedSqlOnPool,
  sqlParameters,
  withPreparedTransaction,
  type Sql,
} from './database/prepared-sql.ts';
export { inOutboxTransaction, transactionRunner, withPgTransaction, type Emit } from './database/transactions.ts';
export { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './database/unavailable.ts';
export { createDevMailbox, createSmtpMailer, renderDevMailbox, type Mail, type Mailer } from './mail/mailer.ts';
export {
  answerAsData,
  BadRequestError,
  ConflictError,
  ForbiddenError,
  HttpError,
  NotFoundError,
  ServiceUnavailableError,
  TooManyRequestsError,
  UnauthorizedError,
  validationErrorBody,
} from './errors/index.ts';
export {
  EventBusUnavailableError,
  answerDataExportRequests,
  createMemoryEventBus,
  createNatsEventBus,
  createOutboxRelay,
  createReplicaFiller,
  enqueueEvent,
  namespacedStream,
  newEvent,
  readDataExportFiles,
  readDataExportSections,
  requestDataExportPart,
  serviceUsersReplica,
  startBusEndpoints,
  subscribeIdempotent,
  type BusEndpoint,
  type DataExportSections,
  type GatheredDataExportPart,
  type EventBus,
  type OutboxRelay,
  type ReplicaFiller,
  type SqlExecutor,
  type Subscription,
} from './events/index.ts';
export {
  CLIENT_ADDRESS_HEADER,
  FORWARDING_HEADERS,
  namesClientAddress,
  signClientAddress,
} from './http/client-address.ts';
export { REQUEST_ID_HEADER, createHttpApp, listen } from './http/create-http-app.ts';
export { serviceReadiness, type ReadinessCheck } from './http/health.ts';
export { JSON_TOO_DEEP_MESSAGE, jsonDepthExceeds } from './http/json-depth.ts';
export { metricsConfigSchema } from './http/metrics.ts';
export {
  createRouteMounter,
  type CallerOf,
  type CursorPage,
  type HandlerInput,
  type HandlerResult,
  type MountRoute,
  type RawRouteHandler,
  type RouteHandler,
  type Wire,
} from './http/mount-route.ts';
export { requestMetaOf, type RequestMeta } from './http/request-meta.ts';
export { assertStorableText } from './http/text-hygiene.ts';
export { createLogger, silentLogger, type Logger } from './logging/logger.ts';
export { createRateLimit, type RateLimit } from './rate-limit/rate-limiter.ts';
export { createRateLimitGroup } from './rate-limit/rate-limit-group.ts';
export {
  DISK_BLOB_ROUTE,
  blobStoreConfigSchema,
  connectBlobStore,
  requireS3Credentials,
} from './runtime/blob-store-choice.ts';
export { connectInfrastructure, infrastructureConfigSchema, type Infrastructure } from './runtime/infrastructure.ts';
export { isReachable } from './runtime/reachability.ts';
export { runStandalone } from './runtime/run-standalone.ts';
export { openServiceStore } from './runtime/service-store.ts';
export { reportGauge } from './metrics/domain-metrics.ts';
export { onShutdown } from './runtime/shutdown.ts';
export { createWorkLoop, type WorkLoop } from './runtime/work-loop.ts';
export { type ComponentReport, type MemberServiceDeps, type RunningService, type ServiceDeps } from './service.ts';
