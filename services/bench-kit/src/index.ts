/**
 * The bench kit (`@crucible/bench-kit`): what every service's bench shares. Products on a
 * fresh database and NATS namespace (the launcher's one process, or services as separate processes),
 * cleaned up however the bench ends; load generators (autocannon) and sequential timers;
 * percentiles; CPU per request; figures printed against targets as a table and one JSON line.
 */
export {
  finishCleanup,
  installCleanupHandlers,
  registerCleanup,
  registerNamedCleanup,
  runBench,
  runCleanup,
} from './cleanup.ts';
export { freePorts } from '@crucible/test-kit';
export { HOST, send, sleep, uniqueClientIp, uniqueEmail, type Reply, type RequestSpec } from './client.ts';
export { ADMIN_DATABASE_URL, createFreshDatabase, type BenchDatabase } from './database.ts';
export {
  cannon,
  compareLoads,
  describeLoad,
  flood,
  load,
  mergeLoads,
  sequentialLatency,
  type CannonFigures,
  type CannonSpec,
  type ComparedSide,
  type FloodFigures,
  type LatencyFigures,
  type LatencyTarget,
  type LoadFigures,
  type LoadRequest,
  type LoadSpec,
} from './load.ts';
export { cpuLine, cpuPerRequest, cpuSeconds, rssMb, startServiceProcess, type ServiceProcess } from './processes.ts';
export { keyErrorLine, startProduct, type ProductSpec, type RunningProduct, type StopResult } from './product.ts';
export { createReport, type Figure, type Report, type Target } from './report.ts';
export {
  BENCH_PASSWORD,
  benchEnv,
  HIGH_RATE_LIMITS,
  REPO_ROOT,
  startServiceStack,
  type Member,
  type ServiceStack,
  type StackSpec,
} from './stack.ts';
export { percentile, percentiles, timeEach, type Percentiles } from './stats.ts';
export { describeProfile, placeOf, summarizeProfile, summarizeProfiles, type ProfileSummary } from './cpu-profile.ts';
