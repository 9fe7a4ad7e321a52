import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The figures SREs watch besides each service's HTTP RED set (http/metrics.ts): outbox lag, event
 * consumer lag, quota and rate-limit refusals, and gauges a service reports (sockets, presence).
 * One registry per process, every series labelled by `service`; each service's /metrics appends it
 * to its own, so a pod shows its service's figures (the one-process launcher shows all of them).
 * Alert rules and the dashboard in deploy/observability use these names.
 */
export const domainMetricsRegistry = new Registry();

const LAG_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

export const outboxRelayLag = new Histogram({
  name: 'crucible_outbox_relay_lag_seconds',
  help: 'Time from an event being written to the outbox to its publication on NATS',
  labelNames: ['service'],
  buckets: LAG_BUCKETS,
  registers: [domainMetricsRegistry],
});

export const consumerLag = new Histogram({
  name: 'crucible_event_consumer_lag_seconds',
  help: 'Time from an event occurring to a consumer starting to handle it (each delivery)',
  labelNames: ['service', 'consumer'],
  buckets: LAG_BUCKETS,
  registers: [domainMetricsRegistry],
});

export const consumedEvents = new Counter({
  name: 'crucible_events_consumed_total',
  help: 'Event deliveries by outcome: applied, duplicate (already applied) or failed (redelivered later)',
  labelNames: ['service', 'consumer', 'outcome'],
  registers: [domainMetricsRegistry],
});

export const refusals = new Counter({
  name: 'crucible_refusals_total',
  help: 'Requests refused by a rate limit (429) or a quota, by route',
  labelNames: ['service', 'reason', 'route'],
  registers: [domainMetricsRegistry],
});

export const rateLimitRefusals = new Counter({
  name: 'crucible_rate_limit_refusals_total',
  help: 'Hits refused by a rate limit, by rule (HTTP and /ws alike)',
  labelNames: ['rule'],
  registers: [domainMetricsRegistry],
});

export const dependencyUp = new Gauge({
  name: 'crucible_dependency_up',
  help: "Whether a dependency passed the process's last readiness check (1) or not (0); an optional one down leaves the process ready but degraded",
  labelNames: ['service', 'dependency', 'optional'],
  registers: [domainMetricsRegistry],
});

type Read = () => number | Promise<number>;
const gauges = new Map<
  string,
  { labelNames: string[]; readers: Map<string, { labels: Record<string, string>; read: Read }> }
>();

/**
 * Reports `read()` as gauge `name` with `labels` at each scrape; returns the function that stops
 * reporting it (call it when the thing measured stops). Re-registering the same labels replaces
 * the reader. A gauge's label names are those of its first registration.
 */
export function reportLabelledGauge(
  name: string,
  help: string,
  labels: Record<string, string>,
  read: Read,
): () => void {
  let entry = gauges.get(name);
  if (!entry) {
    const readers = new Map<string, { labels: Record<string, string>; read: Read }>();
    const labelNames = Object.keys(labels);
    new Gauge({
      name,
      help,
      labelNames,
      registers: [domainMetricsRegistry],
      async collect() {
        this.reset();
        for (const reader of readers.values()) {
          try {
            this.set(reader.labels, await reader.read());
          } catch {
            // A store that does not answer leaves the series out of this scrape rather than failing it.
          }
        }
      },
    });
    entry = { labelNames, readers };
    gauges.set(name, entry);
  }
  const key = JSON.stringify(entry.labelNames.map((label) => labels[label]));
  const reader = { labels, read };
  entry.readers.set(key, reader);
  const { readers } = entry;
  return () => {
    if (readers.get(key) === reader) readers.delete(key);
  };
}

/** reportLabelledGauge for a gauge labelled by service only. */
export function reportGauge(name: string, help: string, service: string, read: Read): () => void {
  return reportLabelledGauge(name, help, { service }, read);
}

/** Seconds since an ISO timestamp (0 for one in the future or unparseable). */
export function secondsSince(iso: string | Date): number {
  const at = typeof iso === 'string' ? Date.parse(iso) : iso.getTime();
  return Number.isFinite(at) ? Math.max(0, (Date.now() - at) / 1000) : 0;
}
