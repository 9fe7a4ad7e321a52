import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEPLOYABLES, overlays, repoRoot, skaffold, type Json } from './render.ts';

/** skaffold.yaml's profiles: one per overlay, live sync for `skaffold dev`, the right web build. */

interface Artifact {
  image: string;
  context?: string;
  docker?: { dockerfile?: string; target?: string; buildArgs?: Record<string, string> };
  sync?: { manual?: { src: string; dest: string }[] };
}
const profiles: Json[] = skaffold.profiles ?? [];
const profile = (name: string) => profiles.find((p) => p.name === name);
const buildLists: [string, Artifact[]][] = [
  ['(default)', skaffold.build?.artifacts ?? []],
  ...profiles.filter((p) => p.build?.artifacts).map((p): [string, Artifact[]] => [p.name, p.build.artifacts]),
];
const sourceFolder = (image: string) =>
  image === 'crucible/gateway' ? 'gateway/src' : `services/${image.slice(9)}/src`;
const stages = (dockerfile: string) =>
  [...readFileSync(path.join(repoRoot, dockerfile), 'utf8').matchAll(/^FROM\s+\S+\s+AS\s+(\S+)/gim)].map((m) => m[1]);

describe('skaffold.yaml profiles', () => {
  it.each(buildLists)('%s builds one artifact per deployable from a Dockerfile stage that exists', (_name, list) => {
    expect(list.map((artifact) => artifact.image).sort()).toEqual(DEPLOYABLES.map((name) => `crucible/${name}`).sort());
    for (const artifact of list) {
      const dockerfile = artifact.docker?.dockerfile ?? '';
      expect(existsSync(path.join(repoRoot, dockerfile)), `${artifact.image}: ${dockerfile}`).toBe(true);
      if (artifact.docker?.target) expect(stages(dockerfile), artifact.image).toContain(artifact.docker.target);
      if (artifact.image !== 'crucible/gateway')
        expect(artifact.docker?.buildArgs?.SERVICE).toBe(artifact.image.slice(9));
    }
  });

  it('deploys every overlay from the default config or a profile', () => {
    const deployed = new Set(
      [skaffold, ...profiles].flatMap((config: Json) => config.manifests?.kustomize?.paths ?? []),
    );
    for (const overlay of overlays) expect(deployed, overlay).toContain(`deploy/kustomize/overlays/${overlay}`);
    for (const name of ['dev', 'prod']) expect(profile(name), `profile ${name}`).toBeDefined();
  });

  it('runs `skaffold dev` on the dev target with TypeScript sync of the service, the platform and proto', () => {
    const sync = profile('sync');
    expect(sync?.activation).toContainEqual({ command: 'dev' });
    expect(sync?.manifests?.kustomize?.paths).toEqual(['deploy/kustomize/overlays/dev-sync']);
    for (const artifact of sync.build.artifacts as Artifact[]) {
      expect(artifact.docker?.target, artifact.image).toBe('dev');
      const sources = (artifact.sync?.manual ?? []).map((rule) => rule.src);
      for (const folder of [sourceFolder(artifact.image), 'services/platform/src', 'proto/src']) {
        expect(sources, artifact.image).toContain(`${folder}/**/*.ts`);
        expect(existsSync(path.join(repoRoot, folder)), folder).toBe(true);
      }
      // Relative destinations resolve against the dev stage's WORKDIR, the repository root (/app).
      for (const rule of artifact.sync?.manual ?? []) expect(rule.dest, artifact.image).toBe('.');
    }
  });

  it('builds the web app with the staging feature set for dev and the production one for prod', () => {
    const gateway = (list: Artifact[]) => list.find((artifact) => artifact.image === 'crucible/gateway')!;
    expect(gateway(skaffold.build.artifacts).docker?.buildArgs?.VITE_DEPLOYMENT).toBe('staging');
    expect(gateway(profile('sync').build.artifacts).docker?.buildArgs?.VITE_DEPLOYMENT).toBe('staging');
    expect(gateway(profile('prod').build.artifacts).docker?.buildArgs?.VITE_DEPLOYMENT).toBe('production');
    expect(readFileSync(path.join(repoRoot, 'deploy/docker/gateway.Dockerfile'), 'utf8')).toMatch(
      /^ARG VITE_DEPLOYMENT=production$/m,
    );
  });

  it('replaces the immutable migration Jobs on redeploy', () => {
    expect(skaffold.deploy?.kubectl?.flags?.apply).toContain('--force');
  });
});
