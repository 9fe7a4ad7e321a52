import { Agent } from 'node:http';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { HOST, send, type RequestSpec } from './client.ts';
import { cpuPerRequest } from './processes.ts';
import { percentile, percentiles } from './stats.ts';

export interface CannonSpec {
  port: number;
  path: string;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  method?: string;
  headers?: Record<string, string>;
  json?: unknown;
}

export interface CannonFigures {
  /** completed 2xx responses per second of the measured part */
  rps: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  latencyP50: number;
  latencyP99: number;
  latencyAverage: number;
  seconds: number;
}

/** autocannon with keep-alive connections (its default), a warm-up on the same settings first. */
export async function cannon(spec: CannonSpec): Promise<CannonFigures> {
  const headers = { ...spec.headers, ...(spec.json === undefined ? {} : { 'content-type': 'application/json' }) };
  const result = await autocannon({
    url: `http://${HOST}:${spec.port}${spec.path}`,
    connections: spec.connections,
    duration: spec.durationSeconds,
    warmup: spec.warmupSeconds > 0 ? { connections: spec.connections, duration: spec.warmupSeconds } : undefined,
    method: spec.method ?? 'GET',
    headers,
    body: spec.json === undefined ? undefined : JSON.stringify(spec.json),
    timeout: 10,
  });
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count]),
  );
  return {
    rps: result['2xx'] / result.duration,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    latencyAverage: result.latency.average,
    seconds: result.duration,
  };
}

/** A request of the load: chosen afresh for every request the load sends. */
export interface LoadRequest {
  method?: string;
  path: string;
  /** Replaces the load's headers of the same name (e.g. another member's authorization). */
  headers?: Record<string, string>;
  json?: unknown;
}

export interface LoadSpec {
  /** `http://127.0.0.1:<port>` */
  url: string;
  connections: number;
  seconds: number;
  /** Sent with every request (authorization, x-forwarded-for). */
  headers?: Record<string, string>;
  next: () => LoadRequest;
}

export interface LoadFigures {
  /** 2xx answers per second */
  rps: number;
  ok: number;
  failed: number;
  /** Statuses other than 2xx, and network errors and timeouts, counted. */
  refusals: Record<string, number>;
  p50: number;
  p95: number;
  p99: number;
  seconds: number;
  /** Every 2xx answer's time, ms, in the order they came. */
  samples: number[];
}

/**
 * `connections` keep-alive connections, each sending its next request when the last one is
 * answered, for `seconds`. Percentiles from every 2xx answer's own time (autocannon's histogram
 * rounds to whole milliseconds and mixes in the refusals).
 */
export async function load(spec: LoadSpec): Promise<LoadFigures> {
  const latencies: number[] = [];
  const refusals: Record<string, number> = {};
  let failed = 0;
  const instance = autocannon({
    url: spec.url,
    connections: spec.connections,
    duration: spec.seconds,
    headers: spec.headers ?? {},
    timeout: 10,
    requests: [
      {
        setupRequest: (request) => {
          const chosen = spec.next();
          const body = chosen.json === undefined ? undefined : JSON.stringify(chosen.json);
          return {
            ...request,
            method: chosen.method ?? (body === undefined ? 'GET' : 'POST'),
            path: chosen.path,
            body,
            headers: {
              ...request.headers,
              ...chosen.headers,
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            },
          };
        },
      },
    ],
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    else {
      failed += 1;
      refusals[statusCode] = (refusals[statusCode] ?? 0) + 1;
    }
  });
  const result = await instance;
  if (result.errors) refusals.errors = result.errors;
  if (result.timeouts) refusals.timeouts = result.timeouts;
  const { p50, p95, p99 } = percentiles(latencies);
  return {
    rps: latencies.length / result.duration,
    ok: latencies.length,
    failed: failed + result.errors + result.timeouts,
    refusals,
    p50,
    p95,
    p99,
    seconds: result.duration,
    samples: latencies,
  };
}

/** Loads of the same kind added up: counts, time and samples, percentiles of all samples. */
export function mergeLoads(parts: LoadFigures[]): LoadFigures {
  const samples = parts.flatMap((part) => part.samples);
  const seconds = parts.reduce((sum, part) => sum + part.seconds, 0);
  const refusals: Record<string, number> = {};
  for (const part of parts)
    for (const [key, count] of Object.entries(part.refusals)) refusals[key] = (refusals[key] ?? 0) + count;
  const { p50, p95, p99 } = percentiles(samples);
  return {
    rps: seconds ? samples.length / seconds : 0,
    ok: samples.length,
    failed: parts.reduce((sum, part) => sum + part.failed, 0),
    refusals,
    p50,
    p95,
    p99,
    seconds,
    samples,
  };
}

export interface ComparedSide {
  name: string;
  spec: Omit<LoadSpec, 'seconds'>;
  /** Processes whose CPU per request is measured over this side's windows. */
  cpu?: { name: string; pid: number }[];
}

/**
 * Loads compared in alternating windows (a, b, a, b, ...), so each meets the same machine: on a
 * busy shared machine the rate changes from one second to the next, and loads run one after the
 * other would measure that change as much as themselves. Answers each side's figures summed over
 * its windows, with the CPU per request of its processes.
 */
export async function compareLoads(
  sides: ComparedSide[],
  options: { rounds: number; windowSeconds: number },
): Promise<Record<string, LoadFigures & { cpuMsPerRequest: Record<string, number> }>> {
  const windows = new Map(sides.map((side) => [side.name, [] as LoadFigures[]]));
  const cpuSeconds = new Map(sides.map((side) => [side.name, new Map<string, number>()]));
  for (let round = 0; round < options.rounds; round += 1) {
    for (const side of sides) {
      const measured = await cpuPerRequest(side.cpu ?? [], () =>
        load({ ...side.spec, seconds: options.windowSeconds }),
      );
      windows.get(side.name)!.push(measured);
      const used = cpuSeconds.get(side.name)!;
      for (const [name, msPerRequest] of Object.entries(measured.cpuMsPerRequest))
        used.set(name, (used.get(name) ?? 0) + msPerRequest * Math.max(1, measured.ok));
    }
  }
  return Object.fromEntries(
    sides.map((side) => {
      const merged = mergeLoads(windows.get(side.name)!);
      const cpuMsPerRequest = Object.fromEntries(
        [...cpuSeconds.get(side.name)!].map(([name, ms]) => [name, ms / Math.max(1, merged.ok)]),
      );
      return [side.name, { ...merged, cpuMsPerRequest }];
    }),
  );
}

/** `650 req/s, p50 3.1 ms, p95 9.8 ms, p99 14.0 ms, 13000 ok, 0 failed` */
export function describeLoad(figures: LoadFigures): string {
  const refused = Object.keys(figures.refusals).length ? ` ${JSON.stringify(figures.refusals)}` : '';
  return `${figures.rps.toFixed(0)} req/s, p50 ${figures.p50.toFixed(1)} ms, p95 ${figures.p95.toFixed(1)} ms, p99 ${figures.p99.toFixed(1)} ms, ${figures.ok} ok, ${figures.failed} failed${refused}`;
}

export interface LatencyTarget {
  name: string;
  port: number;
  path: string;
  headers: Record<string, string>;
}

export interface LatencyFigures {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  statuses: Record<string, number>;
}

/**
 * One request in flight at a time, alternating between the targets (so both see the same machine
 * state), each over its own keep-alive socket; `performance.now()` around every request.
 */
export async function sequentialLatency(
  targets: LatencyTarget[],
  options: { warmup: number; count: number; deadlineMs: number },
): Promise<Record<string, LatencyFigures>> {
  const agents = targets.map(() => new Agent({ keepAlive: true, maxSockets: 1 }));
  const samples = targets.map(() => [] as number[]);
  const statuses = targets.map(() => ({}) as Record<string, number>);
  const deadline = performance.now() + options.deadlineMs;
  try {
    for (let round = 0; round < options.warmup + options.count && performance.now() < deadline; round += 1) {
      for (const [index, target] of targets.entries()) {
        const started = performance.now();
        const reply = await send({
          port: target.port,
          path: target.path,
          headers: target.headers,
          agent: agents[index]!,
        });
        const elapsed = performance.now() - started;
        if (round < options.warmup) continue;
        samples[index]!.push(elapsed);
        statuses[index]![reply.status] = (statuses[index]![reply.status] ?? 0) + 1;
      }
    }
  } finally {
    for (const agent of agents) agent.destroy();
  }
  return Object.fromEntries(
    targets.map((target, index) => {
      const sorted = samples[index]!.sort((a, b) => a - b);
      return [
        target.name,
        {
          count: sorted.length,
          p50: percentile(sorted, 0.5),
          p90: percentile(sorted, 0.9),
          p99: percentile(sorted, 0.99),
          statuses: statuses[index]!,
        },
      ];
    }),
  );
}

export interface FloodFigures {
  sent: number;
  elapsedMs: number;
  statuses: Record<string, number>;
  networkErrors: number;
  rejected: number;
  rejectedWithRetryAfter: number;
  retryAfterMin: number;
  retryAfterMax: number;
  /** request index (order of sending) of the first 429 */
  firstRejectedIndex: number;
}

/** `total` requests, at most `concurrency` in flight, over keep-alive sockets; stops at the deadline. */
export async function flood(options: {
  total: number;
  concurrency: number;
  deadlineMs: number;
  request: (index: number) => Omit<RequestSpec, 'agent'>;
}): Promise<FloodFigures> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
  const figures: FloodFigures = {
    sent: 0,
    elapsedMs: 0,
    statuses: {},
    networkErrors: 0,
    rejected: 0,
    rejectedWithRetryAfter: 0,
    retryAfterMin: Number.POSITIVE_INFINITY,
    retryAfterMax: 0,
    firstRejectedIndex: -1,
  };
  const started = performance.now();
  const deadline = started + options.deadlineMs;
  let next = 0;
  const worker = async () => {
    while (next < options.total && performance.now() < deadline) {
      const index = next++;
      figures.sent += 1;
      try {
        const reply = await send({ ...options.request(index), agent, timeoutMs: 30_000 });
        figures.statuses[reply.status] = (figures.statuses[reply.status] ?? 0) + 1;
        if (reply.status === 429) {
          figures.rejected += 1;
          if (figures.firstRejectedIndex < 0 || index < figures.firstRejectedIndex) figures.firstRejectedIndex = index;
          const retryAfter = Number(reply.headers['retry-after']);
          if (reply.headers['retry-after'] !== undefined && Number.isFinite(retryAfter) && retryAfter > 0) {
            figures.rejectedWithRetryAfter += 1;
            figures.retryAfterMin = Math.min(figures.retryAfterMin, retryAfter);
            figures.retryAfterMax = Math.max(figures.retryAfterMax, retryAfter);
          }
        }
      } catch {
        figures.networkErrors += 1;
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: options.concurrency }, worker));
  } finally {
    agent.destroy();
  }
  figures.elapsedMs = performance.now() - started;
  return figures;
}
