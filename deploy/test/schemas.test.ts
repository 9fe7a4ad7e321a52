import { describe, expect, it } from 'vitest';
import { overlays, render, type K8sObject } from './render.ts';

/**
 * Every rendered object against the OpenAPI schema of its kind from `kubernetes-models` (generated
 * from the Kubernetes 1.33 API; no cluster, nothing downloaded): wrong types, missing required
 * fields and bad enum values fail here instead of at `kubectl apply`. Unknown field names are not
 * flagged by these schemas; kustomize.test.ts keeps allow-lists for the pod, container and probe.
 */

interface Model {
  validate(): void;
}
type ModelClass = new (data: unknown) => Model;

/** kubernetes-models/<group>/<version> (the core group is kubernetes-models/v1) -> its kind's class. */
async function modelFor(apiVersion: string, kind: string): Promise<ModelClass | undefined> {
  let module: Record<string, unknown>;
  try {
    const specifier = `kubernetes-models/${apiVersion}`;
    module = (await import(/* @vite-ignore */ specifier)) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  return module[kind] as ModelClass | undefined;
}

/** The schema's complaint about `object`, or undefined when it is valid. */
async function schemaErrors(object: K8sObject): Promise<string | undefined> {
  const Model = await modelFor(object.apiVersion ?? '', object.kind ?? '');
  if (!Model) return `no Kubernetes 1.33 schema for ${object.apiVersion} ${object.kind}`;
  try {
    new Model(object).validate();
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('the schema check itself', () => {
  it('accepts a minimal valid object and rejects a wrong type, a missing required field and an unknown kind', async () => {
    const service = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'x' }, spec: { ports: [{ port: 80 }] } };
    expect(await schemaErrors(service)).toBeUndefined();
    expect(await schemaErrors({ ...service, spec: { ports: [{ port: 'eighty' }] } })).toMatch(/port/);
    expect(
      await schemaErrors({
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'x' },
        spec: { selector: {}, template: { spec: { containers: [{ image: 'nginx:1' }] } } },
      }),
    ).toMatch(/name/);
    expect(await schemaErrors({ apiVersion: 'apps/v1', kind: 'Deploymnet', metadata: { name: 'x' } })).toMatch(
      /no Kubernetes 1.33 schema/,
    );
  });
});

describe.each(overlays)('overlay %s against the Kubernetes 1.33 schemas', (overlay) => {
  it('has only objects whose kind and apiVersion the target version serves, each valid', async () => {
    const problems: string[] = [];
    for (const object of render(overlay)) {
      const error = await schemaErrors(object);
      if (error) problems.push(`${object.kind}/${object.metadata?.name}: ${error}`);
    }
    expect(problems).toEqual([]);
  });
});
