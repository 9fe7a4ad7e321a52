import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { SERVICE_CONTRACTS, buildOpenApiDocument, openApiPath } from '@crucible/proto';

const document = buildOpenApiDocument(SERVICE_CONTRACTS, { title: 'Crucible API', version: 'test' });
const paths = document.paths as Record<
  string,
  Record<string, { operationId: string; parameters: { name: string; in: string }[] }>
>;

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('describes every call of every service contract, path parameters included', () => {
    const contractRoutes = Object.entries(SERVICE_CONTRACTS).flatMap(([service, routes]) =>
      Object.entries(routes).map(([name, route]) => ({ service, name, route })),
    );
    expect(contractRoutes.length).toBeGreaterThan(40);
    for (const { service, name, route } of contractRoutes) {
      const operation = paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
      expect(operation?.operationId, `${route.method} ${route.path}`).toBe(`${service}.${name}`);
      const pathParameters = operation!.parameters
        .filter((parameter) => parameter.in === 'path')
        .map((parameter) => parameter.name);
      expect(pathParameters).toEqual([...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]));
    }
    const operationCount = Object.values(paths).reduce((count, item) => count + Object.keys(item).length, 0);
    expect(operationCount).toBe(contractRoutes.length);
  });

  it('documents request bodies and query parameters from the proto schemas', () => {
    const signUp = paths['/api/auth/signup']!.post as unknown as {
      requestBody: { content: { 'application/json': { schema: { required: string[] } } } };
    };
    expect(signUp.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['email', 'password', 'firstName', 'lastName']),
    );
    expect(paths['/api/search']!.get!.parameters).toContainEqual(
      expect.objectContaining({ name: 'query', in: 'query', required: true }),
    );
  });
});
