import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it, expect } from 'vitest';
import { parse } from 'yaml';
import {
  CONTAINER_FIELDS,
  OWN_IMAGE,
  POD_SPEC_FIELDS,
  PREEXISTING_SECRET,
  PROBE_FIELDS,
  READ_ONLY_ROOT_EXEMPT,
  SERVED_KINDS,
  artifacts,
  id,
  imageRepository,
  named,
  ofKind,
  overlays,
  overlaysDir,
  quantity,
  references,
  render,
  repoRoot,
  selects,
  skaffold,
  workloads,
  type Json,
  DEPLOYABLES,
  LIVE_SYNC_OVERLAY,
} from './render.ts';

/**
 * Renders every overlay under deploy/kustomize/overlays with `kubectl kustomize` (offline: it does
 * no schema validation, so the fields a cluster would reject are checked here and in
 * schemas.test.ts) and checks what a reviewer would: probes, resources, hardening, Service wiring,
 * ConfigMap/Secret references and that the images match the skaffold artifacts.
 */

describe('skaffold.yaml', () => {
  it('builds every artifact from a Dockerfile that exists, with the repository root as context', () => {
    expect(artifacts.length).toBeGreaterThan(0);
    for (const artifact of artifacts) {
      expect(artifact.context ?? '.', artifact.image).toBe('.');
      const dockerfile = artifact.docker?.dockerfile;
      expect(dockerfile, `${artifact.image} has no docker.dockerfile`).toBeTruthy();
      expect(existsSync(path.join(repoRoot, dockerfile!)), `${dockerfile} for ${artifact.image}`).toBe(true);
    }
  });

  it('builds each service image with SERVICE naming a folder under services/ that has src/main.ts', () => {
    for (const artifact of artifacts.filter((a) => a.docker?.dockerfile?.endsWith('service.Dockerfile'))) {
      const service = artifact.docker?.buildArgs?.SERVICE;
      expect(service, `${artifact.image} needs buildArgs.SERVICE`).toBeTruthy();
      expect(artifact.image).toBe(`crucible/${service}`);
      expect(
        existsSync(path.join(repoRoot, 'services', service!, 'src', 'main.ts')),
        `services/${service}/src/main.ts`,
      ).toBe(true);
    }
  });

  it('deploys the dev overlay by default and the prod overlay under the prod profile', () => {
    expect(skaffold.manifests?.kustomize?.paths).toEqual(['deploy/kustomize/overlays/dev']);
    const prod = (skaffold.profiles ?? []).find((profile: Json) => profile.name === 'prod');
    expect(prod?.manifests?.kustomize?.paths).toEqual(['deploy/kustomize/overlays/prod']);
  });

  it('forwards the gateway Service port 80 to localhost:5000', () => {
    expect(skaffold.portForward).toContainEqual(
      expect.objectContaining({ resourceType: 'service', resourceName: 'gateway', port: 80, localPort: 5000 }),
    );
  });
});

describe.each(overlays)('overlay %s', (overlay) => {
  it('renders with kubectl kustomize', () => {
    expect(render(overlay).length).toBeGreaterThan(0);
  });

  it('gives every object an apiVersion, a kind and a metadata.name, unique per kind', () => {
    const seen = new Set<string>();
    for (const object of render(overlay)) {
      expect(object.apiVersion, JSON.stringify(object).slice(0, 200)).toMatch(
        /^([a-z0-9.-]+\/)?v\d+(alpha\d+|beta\d+)?$/,
      );
      expect(object.kind, JSON.stringify(object).slice(0, 200)).toMatch(/^[A-Z][A-Za-z]+$/);
      expect(object.metadata?.name, `${object.kind} without metadata.name`).toMatch(/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/);
      expect(seen.has(id(object)), `duplicate ${id(object)}`).toBe(false);
      seen.add(id(object));
    }
  });

  it('uses only known pod, container and probe fields (catches typos kustomize lets through)', () => {
    for (const workload of workloads(render(overlay))) {
      for (const field of Object.keys(workload.pod))
        expect(POD_SPEC_FIELDS, `${workload.kind}/${workload.name} pod spec`).toContain(field);
      for (const container of workload.containers) {
        for (const field of Object.keys(container))
          expect(CONTAINER_FIELDS, `${workload.name}/${container.name}`).toContain(field);
        for (const probe of ['livenessProbe', 'readinessProbe', 'startupProbe']) {
          for (const field of Object.keys(container[probe] ?? {}))
            expect(PROBE_FIELDS, `${workload.name}/${container.name} ${probe}`).toContain(field);
        }
      }
    }
  });

  it('has workload selectors that match their own pod template labels', () => {
    for (const workload of workloads(render(overlay)).filter((w) => w.kind !== 'Job')) {
      expect(
        selects(workload.object.spec?.selector?.matchLabels, workload.podLabels),
        `${workload.kind}/${workload.name}`,
      ).toBe(true);
      if (workload.kind === 'StatefulSet') {
        expect(
          named(render(overlay), 'Service', workload.object.spec?.serviceName),
          `StatefulSet/${workload.name} serviceName`,
        ).toBeDefined();
      }
    }
  });

  it('gives every Deployment and StatefulSet container a liveness and a readiness probe on a real port', () => {
    for (const workload of workloads(render(overlay), SERVED_KINDS)) {
      for (const container of workload.pod.containers ?? []) {
        const where = `${workload.kind}/${workload.name} container ${container.name}`;
        const portNames = new Set((container.ports ?? []).map((p: Json) => p.name));
        const portNumbers = new Set((container.ports ?? []).map((p: Json) => p.containerPort));
        for (const probeName of ['livenessProbe', 'readinessProbe']) {
          const probe = container[probeName];
          expect(probe, `${where} has no ${probeName}`).toBeDefined();
          expect(
            probe.httpGet || probe.tcpSocket || probe.exec || probe.grpc,
            `${where} ${probeName} has no handler`,
          ).toBeTruthy();
          const port = probe.httpGet?.port ?? probe.tcpSocket?.port;
          if (port !== undefined)
            expect(portNames.has(port) || portNumbers.has(port), `${where} ${probeName} port ${port}`).toBe(true);
        }
      }
    }
  });

  it('probes our own images at /healthz (liveness) and /readyz (readiness) on port 8080', () => {
    // Served workloads only: the migration Jobs run to completion and serve nothing.
    const own = workloads(render(overlay), SERVED_KINDS).flatMap((w) =>
      w.containers.filter((c) => OWN_IMAGE.test(c.image)),
    );
    expect(own.length).toBeGreaterThan(0);
    for (const container of own) {
      expect(container.livenessProbe?.httpGet?.path, container.name).toBe('/healthz');
      expect(container.readinessProbe?.httpGet?.path, container.name).toBe('/readyz');
      expect(container.ports, container.name).toContainEqual(
        expect.objectContaining({ name: 'http', containerPort: 8080 }),
      );
      expect(container.env, container.name).toContainEqual({ name: 'PORT', value: '8080' });
    }
  });

  it('sets cpu and memory requests and limits on every container, requests not above limits', () => {
    for (const workload of workloads(render(overlay))) {
      for (const container of workload.containers) {
        const where = `${workload.kind}/${workload.name} container ${container.name}`;
        for (const resource of ['cpu', 'memory']) {
          const request = quantity(container.resources?.requests?.[resource]);
          const limit = quantity(container.resources?.limits?.[resource]);
          expect(request, `${where} requests.${resource}`).toBeGreaterThan(0);
          expect(limit, `${where} limits.${resource}`).toBeGreaterThan(0);
          expect(request, `${where} ${resource} request above limit`).toBeLessThanOrEqual(limit);
        }
      }
    }
  });

  it('runs every container as non-root without privilege escalation or capabilities', () => {
    for (const workload of workloads(render(overlay))) {
      for (const container of workload.containers) {
        const where = `${workload.kind}/${workload.name} container ${container.name}`;
        const nonRoot = container.securityContext?.runAsNonRoot ?? workload.pod.securityContext?.runAsNonRoot;
        expect(nonRoot, `${where} runAsNonRoot`).toBe(true);
        const uid = container.securityContext?.runAsUser ?? workload.pod.securityContext?.runAsUser;
        expect(
          uid,
          `${where} runAsUser (runAsNonRoot needs a numeric uid for images that name a user)`,
        ).toBeGreaterThan(0);
        expect(container.securityContext?.allowPrivilegeEscalation, `${where} allowPrivilegeEscalation`).toBe(false);
        expect(container.securityContext?.capabilities?.drop, `${where} capabilities.drop`).toContain('ALL');
        expect(container.securityContext?.privileged ?? false, `${where} privileged`).toBe(false);
      }
    }
  });

  it('gives every container a read-only root filesystem, except the listed third-party stores', () => {
    for (const workload of workloads(render(overlay))) {
      for (const container of workload.containers) {
        const key = `${workload.name}/${container.name}`;
        if (READ_ONLY_ROOT_EXEMPT.has(key) && !OWN_IMAGE.test(container.image)) continue;
        // `skaffold dev` syncs edited sources into our running Deployments (components/live-sync).
        if (overlay === LIVE_SYNC_OVERLAY && workload.kind === 'Deployment' && OWN_IMAGE.test(container.image))
          continue;
        expect(
          container.securityContext?.readOnlyRootFilesystem,
          `${workload.kind}/${key} readOnlyRootFilesystem`,
        ).toBe(true);
      }
    }
  });

  it('runs our own images as uid 10001 with a writable emptyDir at /tmp', () => {
    for (const workload of workloads(render(overlay))) {
      for (const container of workload.containers.filter((c) => OWN_IMAGE.test(c.image))) {
        const where = `${workload.kind}/${workload.name} container ${container.name}`;
        expect(container.securityContext?.runAsUser, where).toBe(10001);
        const tmp = (container.volumeMounts ?? []).find((mount: Json) => mount.mountPath === '/tmp');
        expect(tmp, `${where} mounts nothing at /tmp`).toBeDefined();
        const volume = (workload.pod.volumes ?? []).find((v: Json) => v.name === tmp.name);
        expect(volume?.emptyDir, `${where} /tmp is not an emptyDir`).toBeDefined();
      }
    }
  });

  it('mounts only volumes the pod declares', () => {
    for (const workload of workloads(render(overlay))) {
      const declared = new Set([
        ...(workload.pod.volumes ?? []).map((v: Json) => v.name),
        ...(workload.object.spec?.volumeClaimTemplates ?? []).map((t: Json) => t.metadata?.name),
      ]);
      for (const container of workload.containers) {
        for (const mount of container.volumeMounts ?? []) {
          expect(
            declared.has(mount.name),
            `${workload.name}/${container.name} mounts undeclared volume ${mount.name}`,
          ).toBe(true);
        }
      }
    }
  });

  it('puts a Service in front of every Deployment and StatefulSet, selecting its pods and targeting a container port', () => {
    const objects = render(overlay);
    const services = ofKind(objects, 'Service');
    for (const workload of workloads(objects, SERVED_KINDS)) {
      const matching = services.filter((service) => selects(service.spec?.selector, workload.podLabels));
      expect(matching.length, `no Service selects ${workload.kind}/${workload.name}`).toBeGreaterThan(0);
      const ports = workload.containers.flatMap((c) => c.ports ?? []);
      for (const service of matching) {
        expect(service.spec?.ports?.length, `${id(service)} has no ports`).toBeGreaterThan(0);
        for (const port of service.spec.ports) {
          const target = port.targetPort ?? port.port;
          const hit = ports.some((p: Json) => p.name === target || p.containerPort === target);
          expect(
            hit,
            `${id(service)} port ${port.port} -> targetPort ${target} is no container port of ${workload.name}`,
          ).toBe(true);
        }
      }
    }
  });

  it('exposes our own Services on port 80 named http, targeting 8080', () => {
    const objects = render(overlay);
    for (const workload of workloads(objects, SERVED_KINDS).filter((w) =>
      w.containers.some((c) => OWN_IMAGE.test(c.image)),
    )) {
      const service = named(objects, 'Service', workload.name);
      expect(service, `Service/${workload.name}`).toBeDefined();
      expect(service!.spec.ports).toContainEqual(
        expect.objectContaining({ name: 'http', port: 80, targetPort: 'http' }),
      );
    }
  });

  it('points every <NAME>_URL of the gateway at a Service port that exists', () => {
    const objects = render(overlay);
    const gateway = workloads(objects).find((w) => w.name === 'gateway');
    expect(gateway).toBeDefined();
    const urls = (gateway!.containers[0]?.env ?? []).filter(
      (v: Json) => /_URL$/.test(v.name) && typeof v.value === 'string',
    );
    expect(urls.map((v: Json) => v.name)).toContain('AUTH_URL');
    for (const variable of urls) {
      const url = new URL(variable.value);
      const service = named(objects, 'Service', url.hostname);
      expect(service, `${variable.name}=${variable.value}: no Service ${url.hostname}`).toBeDefined();
      const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
      expect(
        service!.spec.ports.map((p: Json) => p.port),
        `${variable.name}=${variable.value}`,
      ).toContain(port);
    }
  });

  it('uses every crucible/* image as a skaffold artifact, and every artifact somewhere', () => {
    const used = new Set(
      workloads(render(overlay))
        .flatMap((w) => w.containers.map((c) => imageRepository(c.image)))
        .filter((image) => OWN_IMAGE.test(image)),
    );
    const built = new Set(artifacts.map((artifact) => artifact.image));
    for (const image of used) expect(built, `${image} is deployed but not built by skaffold.yaml`).toContain(image);
    for (const image of built)
      expect(used, `skaffold builds ${image} but ${overlay} does not deploy it`).toContain(image);
  });

  it('pins third-party images to a tag and leaves our own untagged for skaffold to set', () => {
    for (const workload of workloads(render(overlay))) {
      for (const container of workload.containers) {
        if (OWN_IMAGE.test(container.image))
          expect(container.image, container.name).toBe(imageRepository(container.image));
        else expect(container.image, `${workload.name}/${container.name}`).toMatch(/:(?!latest$)[^/]+$/);
      }
    }
  });

  it('refers only to ConfigMaps and Secrets (and keys) that the overlay provides or the cluster is expected to hold', () => {
    const objects = render(overlay);
    for (const workload of workloads(objects)) {
      for (const ref of references(workload)) {
        const target = named(objects, ref.kind, ref.name);
        if (!target) {
          // Only the production Secret may be absent from the render: it is created out of band.
          expect(
            overlay === 'prod' && ref.kind === 'Secret' && ref.name === PREEXISTING_SECRET,
            `${ref.where}: no ${ref.kind}/${ref.name}`,
          ).toBe(true);
          continue;
        }
        if (ref.key && !ref.optional) {
          const keys = new Set([...Object.keys(target.data ?? {}), ...Object.keys(target.stringData ?? {})]);
          expect(keys.has(ref.key), `${ref.where}: ${ref.kind}/${ref.name} has no key ${ref.key}`).toBe(true);
        }
      }
    }
  });

  it('gives our own services the whole crucible-config ConfigMap and its seven settings', () => {
    const objects = render(overlay);
    const config = ofKind(objects, 'ConfigMap').find((cm) => cm.metadata?.name?.startsWith('crucible-config'));
    expect(config, 'crucible-config').toBeDefined();
    expect(Object.keys(config!.data ?? {}).sort()).toEqual(
      ['DATABASE_URL', 'LOG_LEVEL', 'NATS_URL', 'PUBLIC_URL', 'REDIS_URL', 'S3_BUCKET', 'S3_ENDPOINT'].sort(),
    );
    for (const workload of workloads(objects).filter((w) => w.containers.some((c) => OWN_IMAGE.test(c.image)))) {
      const refs = references(workload).filter((ref) => ref.kind === 'ConfigMap' && !ref.key);
      expect(
        refs.map((ref) => ref.name),
        workload.name,
      ).toContain(config!.metadata!.name);
    }
  });

  it('hands every deployable the METRICS_TOKEN that Prometheus scrapes /metrics with', () => {
    // Without it /metrics answers only the pod itself, and the scrape annotations find nothing.
    for (const name of DEPLOYABLES) {
      const workload = workloads(render(overlay)).find((w) => w.name === name);
      expect(
        references(workload!).some((ref) => ref.kind === 'Secret' && ref.key === 'METRICS_TOKEN'),
        name,
      ).toBe(true);
    }
  });

  it('gives the gateway and every service the one GATEWAY_SECRET (client addresses are signed with it)', () => {
    const apps = ['gateway', 'auth', 'dm', 'forum', 'profile', 'project', 'realtime', 'admin'];
    const checked = workloads(render(overlay)).filter((w) => apps.includes(w.name) && w.kind === 'Deployment');
    expect(checked.map((w) => w.name).sort()).toEqual([...apps].sort());
    for (const workload of checked) {
      expect(
        references(workload).some((ref) => ref.kind === 'Secret' && ref.key === 'GATEWAY_SECRET' && !ref.optional),
        workload.name,
      ).toBe(true);
    }
  });

  it('gives the auth service every required secret key from crucible-secrets', () => {
    const auth = workloads(render(overlay)).find((w) => w.name === 'auth');
    const required = references(auth!).filter((ref) => ref.kind === 'Secret' && !ref.optional);
    expect(required.map((ref) => ref.key).sort()).toEqual([
      'ADMIN_EMAIL',
      'ADMIN_PASSWORD',
      'GATEWAY_SECRET',
      'S3_ACCESS_KEY',
      'S3_SECRET_KEY',
      'SMTP_URL',
    ]);
    for (const ref of required) expect(ref.name).toMatch(/^crucible-secrets(-[a-z0-9]+)?$/);
  });
});

describe('dev overlay', () => {
  const objects = () => render('dev');

  it('runs one replica of each deployable', () => {
    for (const name of DEPLOYABLES) expect(named(objects(), 'Deployment', name)?.spec?.replicas, name).toBe(1);
    expect(ofKind(objects(), 'HorizontalPodAutoscaler')).toEqual([]);
  });

  it('runs PostgreSQL 16, NATS 2.10 with JetStream, Redis 7 and MinIO in the cluster', () => {
    const images = workloads(objects()).flatMap((w) =>
      w.containers.map((c) => ({ workload: w.name, image: String(c.image), args: c.args ?? [] })),
    );
    const find = (pattern: RegExp) => images.find((entry) => pattern.test(entry.image));
    expect(find(/^postgres:16([.-]|$)/), 'postgres:16').toBeDefined();
    expect(find(/^redis:7([.-]|$)/), 'redis:7').toBeDefined();
    expect(find(/minio\/minio:/), 'minio').toBeDefined();
    const nats = find(/^nats:2\.10([.-]|$)/);
    expect(nats, 'nats:2.10').toBeDefined();
    expect(
      nats!.args.some((arg: string) => arg === '-js' || arg === '--jetstream'),
      'NATS started with -js',
    ).toBe(true);
  });

  it('points crucible-config at the in-cluster stores', () => {
    const config = ofKind(objects(), 'ConfigMap').find((cm) => cm.metadata?.name?.startsWith('crucible-config'))!;
    for (const key of ['DATABASE_URL', 'NATS_URL', 'REDIS_URL', 'S3_ENDPOINT']) {
      const url = new URL(config.data![key]!);
      const service = named(objects(), 'Service', url.hostname);
      expect(service, `${key} -> ${url.hostname}`).toBeDefined();
      expect(
        service!.spec.ports.map((p: Json) => String(p.port)),
        `${key} port`,
      ).toContain(url.port);
    }
  });

  it('generates its Secret from a file whose name marks it as development-only', () => {
    const kustomization = parse(readFileSync(path.join(overlaysDir, 'dev', 'kustomization.yaml'), 'utf8')) as Json;
    const files: string[] = (kustomization.secretGenerator ?? []).flatMap((g: Json) => [
      ...(g.envs ?? []),
      ...(g.files ?? []),
    ]);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(file).toMatch(/DEV-ONLY/);
  });
});

describe('prod overlay', () => {
  const objects = () => render('prod');

  it('renders no Secret: crucible-secrets is expected to exist in the cluster', () => {
    expect(ofKind(objects(), 'Secret')).toEqual([]);
    const secretNames = new Set(
      workloads(objects()).flatMap((w) =>
        references(w)
          .filter((r) => r.kind === 'Secret')
          .map((r) => r.name),
      ),
    );
    expect([...secretNames]).toEqual([PREEXISTING_SECRET]);
  });

  it('runs no in-cluster stores, only our own images', () => {
    for (const workload of workloads(objects())) {
      for (const container of workload.containers) expect(container.image, workload.name).toMatch(OWN_IMAGE);
    }
    expect(ofKind(objects(), 'PersistentVolumeClaim')).toEqual([]);
  });

  it('lets an autoscaling/v2 HPA (2 or more replicas) own the count of every deployable', () => {
    for (const name of DEPLOYABLES) {
      expect(named(objects(), 'Deployment', name), name).toBeDefined();
      expect(
        named(objects(), 'Deployment', name)?.spec?.replicas,
        `${name} replicas are left to its HPA`,
      ).toBeUndefined();
      const hpa = ofKind(objects(), 'HorizontalPodAutoscaler').find((h) => h.spec?.scaleTargetRef?.name === name);
      expect(hpa?.apiVersion, `HPA for ${name}`).toBe('autoscaling/v2');
      expect(hpa?.spec?.scaleTargetRef).toMatchObject({ apiVersion: 'apps/v1', kind: 'Deployment', name });
      expect(hpa?.spec?.minReplicas, name).toBeGreaterThanOrEqual(2);
      expect(hpa?.spec?.maxReplicas, name).toBeGreaterThan(hpa?.spec?.minReplicas);
      expect(hpa?.spec?.metrics?.length, `${name} HPA metrics`).toBeGreaterThan(0);
    }
  });

  it('protects every Deployment with a PodDisruptionBudget that selects its pods', () => {
    const budgets = ofKind(objects(), 'PodDisruptionBudget');
    for (const workload of workloads(objects(), new Set(['Deployment']))) {
      const budget = budgets.find((pdb) => selects(pdb.spec?.selector?.matchLabels, workload.podLabels));
      expect(budget, `no PodDisruptionBudget for ${workload.name}`).toBeDefined();
      expect(budget!.apiVersion).toBe('policy/v1');
      expect(budget!.spec.minAvailable ?? budget!.spec.maxUnavailable, budget!.metadata!.name).toBeDefined();
    }
  });

  it('leaves placeholders, not real endpoints, in crucible-config', () => {
    const config = ofKind(objects(), 'ConfigMap').find((cm) => cm.metadata?.name?.startsWith('crucible-config'))!;
    for (const key of ['DATABASE_URL', 'NATS_URL', 'REDIS_URL', 'S3_ENDPOINT', 'PUBLIC_URL']) {
      const value = config.data![key]!;
      expect(new URL(value).hostname, key).toMatch(/\.invalid$/);
      expect(new URL(value).password, `${key} must not carry a password in a ConfigMap`).toBe('');
    }
  });
});
