import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { repoRoot, type Json } from './render.ts';

/**
 * deploy/observability: the alert rules and the Grafana dashboard use only metrics the code exports
 * (or kube-state-metrics / Prometheus itself), every alert links to its RUNBOOK section, and the
 * issue's alerts exist.
 */

const observability = path.join(repoRoot, 'deploy', 'observability');
const rules = parse(readFileSync(path.join(observability, 'alerts.rules.yaml'), 'utf8')) as Json;
const dashboard = JSON.parse(readFileSync(path.join(observability, 'grafana-dashboard.json'), 'utf8')) as Json;
const runbook = readFileSync(path.join(repoRoot, 'deploy', 'RUNBOOK.md'), 'utf8');
const alerts: Json[] = rules.groups.flatMap((group: Json) => group.rules.filter((rule: Json) => rule.alert));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'generated' ? [] : sourceFiles(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** Metric names the services register: `name: '...'` of prom-client metrics and report(Labelled)Gauge's first argument. */
const exported = new Set(
  ['services', 'gateway'].flatMap((root) =>
    sourceFiles(path.join(repoRoot, root)).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/(?:name: |report(?:Labelled)?Gauge\(\s*)'([a-z_:][a-z0-9_:]*)'/g)].map(
        (m) => m[1]!,
      ),
    ),
  ),
);
/** From outside the code: Prometheus, kube-state-metrics, prom-client's default process metrics. */
const EXTERNAL = new Set(['up', 'kube_pod_container_status_restarts_total', 'process_resident_memory_bytes']);

function metricsIn(expr: string): string[] {
  return [
    ...expr.matchAll(/\b((?:crucible|http|kube|process|nodejs)_[a-z0-9_]+|up)\b(?=\s*[{[)]|\s*$|\s*[=<>!])/g),
  ].map((m) => m[1]!);
}
function known(metric: string): boolean {
  const base = metric.replace(/_(bucket|count|sum)$/, '');
  return EXTERNAL.has(metric) || exported.has(metric) || exported.has(base);
}
/** GitHub's anchor for a Markdown heading. */
const anchors = new Set(
  [...runbook.matchAll(/^#{1,6} (.+)$/gm)].map((m) =>
    m[1]!
      .toLowerCase()
      .replace(/[^a-z0-9 -]/g, '')
      .replace(/ /g, '-'),
  ),
);

describe('alert rules', () => {
  it('include error rate, p95, outbox lag, consumer lag and pod restarts', () => {
    expect(alerts.map((alert) => alert.alert)).toEqual(
      expect.arrayContaining([
        'CrucibleHighErrorRate',
        'CrucibleSlowRequests',
        'CrucibleOutboxLag',
        'CrucibleConsumerLag',
        'CruciblePodRestarts',
      ]),
    );
  });

  it.each(alerts.map((alert) => [alert.alert, alert]))(
    '%s uses known metrics, a severity and a RUNBOOK section',
    (_n, alert) => {
      const metrics = metricsIn(alert.expr);
      expect(metrics.length, alert.expr).toBeGreaterThan(0);
      for (const metric of metrics) expect(known(metric), `${metric} is exported by nothing`).toBe(true);
      expect(['page', 'warning', 'info']).toContain(alert.labels?.severity);
      expect(alert.annotations?.summary).toBeTruthy();
      const anchor = /^deploy\/RUNBOOK\.md#(.+)$/.exec(alert.annotations?.runbook_url ?? '')?.[1];
      expect(anchor, alert.annotations?.runbook_url).toBeDefined();
      expect(anchors, `RUNBOOK.md has no section #${anchor}`).toContain(anchor);
    },
  );

  it('the metric check catches a misspelt name', () => {
    expect(metricsIn('rate(crucible_outbox_pendng_events[5m])').every(known)).toBe(false);
    expect(metricsIn('max(crucible_outbox_pending_events)').every(known)).toBe(true);
  });
});

describe('Grafana dashboard', () => {
  const targets: Json[] = dashboard.panels.flatMap((panel: Json) => panel.targets ?? []);

  it('queries only known metrics', () => {
    expect(targets.length).toBeGreaterThan(0);
    for (const target of targets)
      for (const metric of metricsIn(target.expr)) expect(known(metric), `${metric} in ${target.expr}`).toBe(true);
  });

  it('shows RED, outbox and consumer lag, refusals, sockets and presence', () => {
    const all = targets.map((target) => target.expr).join('\n');
    for (const metric of [
      'http_request_duration_seconds_count',
      'http_request_duration_seconds_bucket',
      'crucible_outbox_oldest_pending_seconds',
      'crucible_event_consumer_lag_seconds_bucket',
      'crucible_refusals_total',
      'crucible_rate_limit_refusals_total',
      'crucible_realtime_sockets',
      'crucible_presence_online_users',
    ])
      expect(all, metric).toContain(metric);
    expect(dashboard.uid).toBe('crucible-services');
  });
});
