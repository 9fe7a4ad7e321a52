import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, parseAllDocuments } from 'yaml';

/**
 * What every deploy/test file shares: each overlay under deploy/kustomize/overlays rendered with
 * `kubectl kustomize` (offline) and parsed, skaffold.yaml parsed, and small helpers over the objects.
 */

export type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
export interface K8sObject {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string; labels?: Record<string, string> };
  spec?: Json;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}
export interface Workload {
  object: K8sObject;
  kind: string;
  name: string;
  podLabels: Record<string, string>;
  pod: Json;
  containers: Json[];
}

export const deployDir = fileURLToPath(new URL('..', import.meta.url));
export const repoRoot = path.resolve(deployDir, '..');
export const overlaysDir = path.join(deployDir, 'kustomize', 'overlays');
export const overlays = readdirSync(overlaysDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** Our own images: held to the full hardening profile. */
/** Every deployable: the gateway and the seven services (services/<name>/src/main.ts, launcher aside). */
export const DEPLOYABLES = ['gateway', 'auth', 'forum', 'dm', 'admin', 'realtime', 'project', 'profile'] as const;
/** The services that own a PostgreSQL schema, each with a migration Job. */
export const DATABASE_SERVICES = DEPLOYABLES.filter((name) => name !== 'gateway');
/** The one overlay whose Deployments of our images have a writable root filesystem (live sync). */
export const LIVE_SYNC_OVERLAY = 'dev-sync';
export const OWN_IMAGE = /^crucible\//;
/** Third-party store images whose entrypoints write outside their volumes (dev overlay only). */
export const READ_ONLY_ROOT_EXEMPT = new Set(['postgres/postgres', 'minio/minio']);
/** The Secret the prod overlay expects to exist in the cluster (never rendered there). */
export const PREEXISTING_SECRET = 'crucible-secrets';
export const POD_TEMPLATE_KINDS = new Set(['Deployment', 'StatefulSet', 'DaemonSet', 'Job']);
export const SERVED_KINDS = new Set(['Deployment', 'StatefulSet']);

// Fields a cluster accepts (subset of the v1.32 schema); a typo such as `livenesProbe` is silently
// dropped by `kubectl apply --validate=false` and by kustomize, so it is caught here.
export const CONTAINER_FIELDS = new Set([
  'name',
  'image',
  'imagePullPolicy',
  'command',
  'args',
  'workingDir',
  'ports',
  'env',
  'envFrom',
  'resources',
  'livenessProbe',
  'readinessProbe',
  'startupProbe',
  'securityContext',
  'volumeMounts',
  'lifecycle',
  'terminationMessagePath',
  'terminationMessagePolicy',
  'stdin',
  'tty',
  'restartPolicy',
  'resizePolicy',
  'volumeDevices',
]);
export const POD_SPEC_FIELDS = new Set([
  'containers',
  'initContainers',
  'volumes',
  'serviceAccountName',
  'automountServiceAccountToken',
  'enableServiceLinks',
  'terminationGracePeriodSeconds',
  'securityContext',
  'restartPolicy',
  'nodeSelector',
  'affinity',
  'tolerations',
  'topologySpreadConstraints',
  'priorityClassName',
  'imagePullSecrets',
  'dnsPolicy',
  'hostname',
  'subdomain',
]);
export const PROBE_FIELDS = new Set([
  'httpGet',
  'tcpSocket',
  'exec',
  'grpc',
  'initialDelaySeconds',
  'periodSeconds',
  'timeoutSeconds',
  'successThreshold',
  'failureThreshold',
  'terminationGracePeriodSeconds',
]);

export const rendered = new Map<string, K8sObject[]>();
/** The overlay as `kubectl kustomize` renders it, parsed; cached per overlay. */
export function render(overlay: string): K8sObject[] {
  const cached = rendered.get(overlay);
  if (cached) return cached;
  let output: string;
  try {
    output = execFileSync('kubectl', ['kustomize', path.join(overlaysDir, overlay)], {
      encoding: 'utf8',
      stdio: 'pipe',
    });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? String(error);
    throw new Error(
      `kubectl kustomize deploy/kustomize/overlays/${overlay} failed (kubectl >= 1.27 must be on PATH):\n${stderr}`,
      { cause: error },
    );
  }
  const documents = parseAllDocuments(output);
  for (const document of documents) {
    if (document.errors.length) throw new Error(`unparseable YAML from ${overlay}: ${document.errors[0]?.message}`);
  }
  const objects = documents.map((document) => document.toJS() as K8sObject).filter((object) => object !== null);
  rendered.set(overlay, objects);
  return objects;
}

export const id = (object: K8sObject) => `${object.kind}/${object.metadata?.name}`;
export const ofKind = (objects: K8sObject[], kind: string) => objects.filter((object) => object.kind === kind);
export const named = (objects: K8sObject[], kind: string, name: string) =>
  objects.find((o) => o.kind === kind && o.metadata?.name === name);

export function workloads(objects: K8sObject[], kinds = POD_TEMPLATE_KINDS): Workload[] {
  return objects
    .filter((object) => kinds.has(object.kind ?? ''))
    .map((object) => {
      const template = object.spec?.template ?? {};
      return {
        object,
        kind: object.kind!,
        name: object.metadata?.name ?? '(unnamed)',
        podLabels: template.metadata?.labels ?? {},
        pod: template.spec ?? {},
        containers: [...(template.spec?.initContainers ?? []), ...(template.spec?.containers ?? [])],
      };
    });
}

export function selects(selector: Record<string, string> | undefined, labels: Record<string, string>): boolean {
  if (!selector || Object.keys(selector).length === 0) return false;
  return Object.entries(selector).every(([key, value]) => labels[key] === value);
}

/** Kubernetes quantity -> number (cores or bytes), or NaN when the string is not a quantity. */
export function quantity(value: unknown): number {
  const match = /^(\d+(?:\.\d+)?)(m|k|M|G|T|Ki|Mi|Gi|Ti)?$/.exec(String(value));
  if (!match) return Number.NaN;
  const scale: Record<string, number> = {
    m: 1e-3,
    k: 1e3,
    M: 1e6,
    G: 1e9,
    T: 1e12,
    Ki: 2 ** 10,
    Mi: 2 ** 20,
    Gi: 2 ** 30,
    Ti: 2 ** 40,
  };
  return Number(match[1]) * (match[2] ? scale[match[2]]! : 1);
}

/** Every (ConfigMap|Secret, name, key?, optional) reference a pod template makes. */
export function references(workload: Workload) {
  const found: { kind: 'ConfigMap' | 'Secret'; name: string; key?: string; optional: boolean; where: string }[] = [];
  for (const container of workload.containers) {
    const where = `${workload.kind}/${workload.name} container ${container.name}`;
    for (const source of container.envFrom ?? []) {
      if (source.configMapRef)
        found.push({
          kind: 'ConfigMap',
          name: source.configMapRef.name,
          optional: !!source.configMapRef.optional,
          where,
        });
      if (source.secretRef)
        found.push({ kind: 'Secret', name: source.secretRef.name, optional: !!source.secretRef.optional, where });
    }
    for (const variable of container.env ?? []) {
      const cm = variable.valueFrom?.configMapKeyRef;
      const secret = variable.valueFrom?.secretKeyRef;
      if (cm)
        found.push({
          kind: 'ConfigMap',
          name: cm.name,
          key: cm.key,
          optional: !!cm.optional,
          where: `${where} env ${variable.name}`,
        });
      if (secret)
        found.push({
          kind: 'Secret',
          name: secret.name,
          key: secret.key,
          optional: !!secret.optional,
          where: `${where} env ${variable.name}`,
        });
    }
  }
  for (const volume of workload.pod.volumes ?? []) {
    const where = `${workload.kind}/${workload.name} volume ${volume.name}`;
    if (volume.configMap)
      found.push({ kind: 'ConfigMap', name: volume.configMap.name, optional: !!volume.configMap.optional, where });
    if (volume.secret)
      found.push({ kind: 'Secret', name: volume.secret.secretName, optional: !!volume.secret.optional, where });
  }
  return found;
}

export const skaffold = parse(readFileSync(path.join(repoRoot, 'skaffold.yaml'), 'utf8')) as Json;
export const artifacts: {
  image: string;
  context?: string;
  docker?: { dockerfile?: string; buildArgs?: Record<string, string> };
}[] = skaffold?.build?.artifacts ?? [];
export const imageRepository = (image: string) => image.replace(/@.*$/, '').replace(/:[^/]*$/, '');
