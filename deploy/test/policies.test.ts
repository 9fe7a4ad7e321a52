import { describe, expect, it } from 'vitest';
import { SERVICES } from '@crucible/proto';
import {
  DATABASE_SERVICES,
  DEPLOYABLES,
  named,
  ofKind,
  overlays,
  render,
  workloads,
  type Json,
  type K8sObject,
} from './render.ts';

/**
 * Who can reach whom, evaluated from the rendered NetworkPolicies the way a cluster does (a pod
 * that some Ingress policy selects accepts only what one of those policies allows), plus the
 * migration Jobs and the gateway's upstream URLs.
 */

interface Selector {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: string; values?: string[] }[];
}
/** A pod template of the overlay, or a client outside it (another namespace). */
interface Peer {
  name: string;
  namespace: 'crucible' | 'other';
  labels: Record<string, string>;
  ports: { name?: string; containerPort: number }[];
}

function matches(selector: Selector | undefined, labels: Record<string, string>): boolean {
  if (!selector) return false;
  const byLabel = Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value);
  const byExpression = (selector.matchExpressions ?? []).every((expression) => {
    const value = labels[expression.key];
    switch (expression.operator) {
      case 'In':
        return value !== undefined && (expression.values ?? []).includes(value);
      case 'NotIn':
        return value === undefined || !(expression.values ?? []).includes(value);
      case 'Exists':
        return value !== undefined;
      case 'DoesNotExist':
        return value === undefined;
      default:
        throw new Error(`unknown selector operator ${expression.operator}`);
    }
  });
  return byLabel && byExpression;
}

function peerMatches(peer: Json, source: Peer): boolean {
  if (peer.ipBlock) return false;
  if (peer.namespaceSelector) {
    // Only `{}` (every namespace) is used here; a labelled namespace selector names no known namespace.
    if (Object.keys(peer.namespaceSelector).length > 0) return false;
    return peer.podSelector ? matches(peer.podSelector, source.labels) : true;
  }
  return source.namespace === 'crucible' && matches(peer.podSelector, source.labels);
}

function portMatches(rulePorts: Json[] | undefined, target: Peer, port: number): boolean {
  if (!rulePorts || rulePorts.length === 0) return true;
  return rulePorts.some((rulePort) => {
    if (rulePort.port === undefined) return true;
    if (typeof rulePort.port === 'number') return rulePort.port === port;
    return target.ports.some((p) => p.name === rulePort.port && p.containerPort === port);
  });
}

function ingressPolicies(objects: K8sObject[], target: Peer): K8sObject[] {
  return ofKind(objects, 'NetworkPolicy').filter(
    (policy) =>
      (policy.spec?.policyTypes ?? ['Ingress']).includes('Ingress') && matches(policy.spec?.podSelector, target.labels),
  );
}

/** Whether `source` may open a TCP connection to `target`'s `port`. */
function allows(objects: K8sObject[], source: Peer, target: Peer, port: number): boolean {
  const policies = ingressPolicies(objects, target);
  if (policies.length === 0) return true;
  return policies.some((policy) =>
    (policy.spec?.ingress ?? []).some(
      (rule: Json) =>
        (!rule.from || rule.from.length === 0 || rule.from.some((peer: Json) => peerMatches(peer, source))) &&
        portMatches(rule.ports, target, port),
    ),
  );
}

function pods(objects: K8sObject[]): Map<string, Peer> {
  return new Map(
    workloads(objects).map((workload) => [
      workload.name,
      {
        name: workload.name,
        namespace: 'crucible' as const,
        labels: workload.podLabels,
        ports: workload.containers.flatMap((container) => container.ports ?? []),
      },
    ]),
  );
}

const INGRESS_CONTROLLER: Peer = {
  name: 'ingress-controller',
  namespace: 'other',
  labels: { 'app.kubernetes.io/name': 'ingress-nginx' },
  ports: [],
};
const PROMETHEUS: Peer = {
  name: 'prometheus',
  namespace: 'other',
  labels: { 'app.kubernetes.io/name': 'prometheus' },
  ports: [],
};
const HTTP = 8080;
const SERVICE_NAMES = DEPLOYABLES.filter((name) => name !== 'gateway');

describe('the NetworkPolicy evaluator', () => {
  const target: Peer = {
    name: 't',
    namespace: 'crucible',
    labels: { app: 't' },
    ports: [{ name: 'http', containerPort: 80 }],
  };
  const source: Peer = { name: 's', namespace: 'crucible', labels: { app: 's' }, ports: [] };
  const policy = (ingress: Json[]): K8sObject => ({
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: { name: 'p' },
    spec: { podSelector: { matchLabels: { app: 't' } }, policyTypes: ['Ingress'], ingress },
  });
  it('allows everything without a policy, nothing under a deny-all, and what a rule names', () => {
    expect(allows([], source, target, 80)).toBe(true);
    expect(allows([policy([])], source, target, 80)).toBe(false);
    const fromS = policy([{ from: [{ podSelector: { matchLabels: { app: 's' } } }], ports: [{ port: 'http' }] }]);
    expect(allows([fromS], source, target, 80)).toBe(true);
    expect(allows([fromS], source, target, 81)).toBe(false);
    expect(allows([fromS], { ...source, labels: { app: 'x' } }, target, 80)).toBe(false);
    expect(allows([fromS], { ...source, namespace: 'other' }, target, 80)).toBe(false);
  });
});

describe.each(overlays)('overlay %s network policies', (overlay) => {
  const objects = () => render(overlay);
  const pod = (name: string) => {
    const found = pods(objects()).get(name);
    expect(found, `no pod template ${name}`).toBeDefined();
    return found!;
  };

  it('isolates every pod: each is selected by an Ingress policy', () => {
    for (const peer of pods(objects()).values())
      expect(ingressPolicies(objects(), peer).length, `${peer.name} accepts anything`).toBeGreaterThan(0);
  });

  it('lets the ingress controller reach the gateway and nothing else', () => {
    expect(allows(objects(), INGRESS_CONTROLLER, pod('gateway'), HTTP)).toBe(true);
    for (const name of SERVICE_NAMES)
      expect(allows(objects(), INGRESS_CONTROLLER, pod(name), HTTP), `ingress -> ${name}`).toBe(false);
  });

  it('lets the gateway reach every service, and no service reach another', () => {
    for (const target of SERVICE_NAMES) {
      expect(allows(objects(), pod('gateway'), pod(target), HTTP), `gateway -> ${target}`).toBe(true);
      for (const source of SERVICE_NAMES.filter((name) => name !== target))
        expect(allows(objects(), pod(source), pod(target), HTTP), `${source} -> ${target}`).toBe(false);
      expect(allows(objects(), pod(`${target}-migrate`), pod(target), HTTP), `${target}-migrate -> ${target}`).toBe(
        false,
      );
    }
  });

  it('lets Prometheus scrape every deployable on its http port only', () => {
    for (const name of DEPLOYABLES) {
      expect(allows(objects(), PROMETHEUS, pod(name), HTTP), `prometheus -> ${name}`).toBe(true);
      expect(allows(objects(), PROMETHEUS, pod(name), 9229), `prometheus -> ${name}:9229`).toBe(false);
    }
  });
});

describe('dev overlay: the in-cluster stores accept only their users', () => {
  const objects = () => render('dev');
  const all = () => pods(objects());
  const reach = (source: string, target: string, port: number) =>
    allows(objects(), all().get(source)!, all().get(target)!, port);

  it('PostgreSQL: the services and their migration Jobs, not the gateway', () => {
    for (const name of DATABASE_SERVICES) {
      expect(reach(name, 'postgres', 5432), `${name} -> postgres`).toBe(true);
      expect(reach(`${name}-migrate`, 'postgres', 5432), `${name}-migrate -> postgres`).toBe(true);
    }
    expect(reach('gateway', 'postgres', 5432)).toBe(false);
    expect(allows(objects(), INGRESS_CONTROLLER, all().get('postgres')!, 5432)).toBe(false);
  });

  it('NATS and Redis: the gateway and the services', () => {
    for (const name of DEPLOYABLES) {
      expect(reach(name, 'nats', 4222), `${name} -> nats`).toBe(true);
      expect(reach(name, 'redis', 6379), `${name} -> redis`).toBe(true);
    }
    expect(reach('minio', 'nats', 4222)).toBe(false);
    expect(reach('postgres', 'redis', 6379)).toBe(false);
  });

  it('MinIO: the services that keep blobs and the bucket Job', () => {
    for (const name of ['auth', 'forum', 'profile', 'minio-create-bucket'])
      expect(reach(name, 'minio', 9000), `${name} -> minio`).toBe(true);
    for (const name of ['gateway', 'dm', 'admin', 'project', 'realtime'])
      expect(reach(name, 'minio', 9000), `${name} -> minio`).toBe(false);
  });
});

describe.each(overlays)('overlay %s rollout', (overlay) => {
  const objects = () => render(overlay);

  it('has one migration Job per database-owning service, running its image with RUN_MODE=migrate', () => {
    const jobs = workloads(objects(), new Set(['Job'])).filter(
      (job) => job.podLabels['app.kubernetes.io/component'] === 'migration',
    );
    expect(jobs.map((job) => job.name).sort()).toEqual(DATABASE_SERVICES.map((name) => `${name}-migrate`).sort());
    for (const job of jobs) {
      const service = job.name.replace(/-migrate$/, '');
      const [container] = job.containers;
      expect(container.image).toBe(`crucible/${service}`);
      expect(container.env).toContainEqual({ name: 'RUN_MODE', value: 'migrate' });
      expect(job.pod.restartPolicy).toBe('Never');
      expect(job.object.spec?.backoffLimit, job.name).toBeGreaterThan(0);
      expect(job.object.spec?.ttlSecondsAfterFinished, job.name).toBeGreaterThan(0);
      // Never selected as a Service backend or counted by the service's PodDisruptionBudget.
      for (const selecting of [...ofKind(objects(), 'Service'), ...ofKind(objects(), 'PodDisruptionBudget')]) {
        const selector =
          selecting.kind === 'Service' ? { matchLabels: selecting.spec?.selector } : selecting.spec?.selector;
        expect(
          matches(selector, job.podLabels),
          `${selecting.kind}/${selecting.metadata?.name} selects ${job.name}`,
        ).toBe(false);
      }
    }
  });

  it('points the gateway at every service, realtime (/ws) included', () => {
    const gateway = named(objects(), 'Deployment', 'gateway');
    const env: Json[] = gateway?.spec?.template?.spec?.containers?.[0]?.env ?? [];
    for (const name of Object.keys(SERVICES))
      expect(env, `${name.toUpperCase()}_URL`).toContainEqual({
        name: `${name.toUpperCase()}_URL`,
        value: `http://${name}:80`,
      });
  });

  it('annotates every deployable pod for Prometheus on port 8080, path /metrics', () => {
    for (const name of DEPLOYABLES) {
      const annotations = named(objects(), 'Deployment', name)?.spec?.template?.metadata?.annotations ?? {};
      expect(annotations, name).toMatchObject({
        'prometheus.io/scrape': 'true',
        'prometheus.io/port': '8080',
        'prometheus.io/path': '/metrics',
      });
    }
  });
});
