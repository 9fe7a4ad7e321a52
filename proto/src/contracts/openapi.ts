import { z } from 'zod';
import { AUTH_COOKIE_NAME } from '../auth-messages.ts';
import { errorBodySchema } from '../errors.ts';
import { pathParamNames } from './paths.ts';
import { isRawResponse, type RouteContract, type RouteContracts } from './route.ts';

type JsonSchema = Record<string, unknown>;
type Io = 'input' | 'output';

/** zod's own converter; transforms and preprocessors (unrepresentable) become `{}` instead of throwing. */
function jsonSchemaOf(schema: z.ZodType, io: Io): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

function parametersOf(schema: z.ZodType | undefined, location: 'path' | 'query', route: RouteContract): unknown[] {
  if (location === 'path') {
    const properties = (schema ? jsonSchemaOf(schema, 'input').properties : undefined) as
      Record<string, JsonSchema> | undefined;
    return pathParamNames(route.path).map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: properties?.[name] ?? { type: 'string' },
    }));
  }
  if (!schema) return [];
  const objectSchema = jsonSchemaOf(schema, 'input');
  const required = new Set((objectSchema.required as string[] | undefined) ?? []);
  return Object.entries((objectSchema.properties ?? {}) as Record<string, JsonSchema>).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: property,
  }));
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
});

function responsesOf(route: RouteContract): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  for (const [status, spec] of Object.entries(route.responses)) {
    if (spec === undefined) continue;
    if (spec === null) responses[status] = { description: 'No content' };
    else if (isRawResponse(spec))
      responses[status] = {
        description: spec.description,
        ...(spec.contentType ? { content: { [spec.contentType]: {} } } : {}),
      };
    else {
      const headers = route.nextCursorHeader
        ? {
            [route.nextCursorHeader]: {
              description: 'The cursor of the next page; absent on the last page',
              schema: { type: 'string' },
            },
          }
        : undefined;
      responses[status] = {
        description: 'Success',
        ...(headers ? { headers } : {}),
        content: { 'application/json': { schema: jsonSchemaOf(spec, 'output') } },
      };
    }
  }
  responses['400'] = errorResponse(
    'Invalid input (the first issue is the message; NUL characters and lone surrogates are refused everywhere)',
  );
  if (route.auth !== 'public') responses['401'] = errorResponse('Not signed in');
  if (route.auth === 'admin') responses['403'] = errorResponse('Not an admin');
  if (route.pathParams) responses['404'] = errorResponse("Not found (or not visible at the member's level)");
  responses['429'] = errorResponse('Too many requests');
  return responses;
}

function operationOf(service: string, name: string, route: RouteContract): Record<string, unknown> {
  return {
    operationId: `${service}.${name}`,
    tags: [service],
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    'x-access': route.auth,
    ...(route.auth === 'public' ? { security: [] } : {}),
    parameters: [...parametersOf(route.pathParams, 'path', route), ...parametersOf(route.query, 'query', route)],
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchemaOf(route.body, 'input') } },
          },
        }
      : {}),
    responses: responsesOf(route),
  };
}

/** `/api/discussions/:id` -> `/api/discussions/{id}` */
export function openApiPath(path: string): string {
  return path.replace(/:(\w+)/g, '{$1}');
}

/** An OpenAPI 3.1 document of every call of the given services' contracts. */
export function buildOpenApiDocument(
  services: Record<string, RouteContracts>,
  info: { title: string; version: string },
): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [service, routes] of Object.entries(services)) {
    for (const [name, route] of Object.entries(routes)) {
      const item = (paths[openApiPath(route.path)] ??= {});
      item[route.method.toLowerCase()] = operationOf(service, name, route);
    }
  }
  return {
    openapi: '3.1.0',
    info: { ...info, description: 'Every call behind the gateway, generated from the route contracts in proto/.' },
    servers: [{ url: '/' }],
    security: [{ bearerToken: [] }, { sessionCookie: [] }],
    tags: Object.keys(services).map((service) => ({ name: service })),
    paths,
    components: {
      schemas: { ErrorBody: jsonSchemaOf(errorBodySchema, 'output') },
      securitySchemes: {
        bearerToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        sessionCookie: { type: 'apiKey', in: 'cookie', name: AUTH_COOKIE_NAME },
      },
    },
  };
}
