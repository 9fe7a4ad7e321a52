import { z } from 'zod';

/**
 * A small, typed equivalent of ts-rest's contract shape (`initContract().router({...})`): ts-rest's
 * core does not yet take zod 4 schemas, and all we need of it is this data plus a few types.
 * Services mount from these entries, the web calls through them, the gateway's table is checked
 * against them and the OpenAPI document is generated from them.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** public: no token; member: a signed-in member (roles and ownership are the use case's); admin: an admin. */
export type RouteAuth = 'public' | 'member' | 'admin';

/** A response that is not JSON: a redirect, an HTML page, a file. Such routes are described, not typed. */
export interface RawResponse {
  kind: 'raw';
  contentType?: string;
  description: string;
}

/** null: no body (204). */
export type ResponseSpec = z.ZodType | RawResponse | null;

export interface RouteContract {
  method: HttpMethod;
  /** Express-style: `/api/discussions/:id`. */
  path: string;
  summary: string;
  description?: string;
  auth: RouteAuth;
  /** A failing path parameter answers 404 with the message: an id that is not a uuid names nothing. */
  pathParams?: z.ZodObject;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Success responses by status; error responses are the shared error body and are added by the document. */
  responses: Partial<Record<number, ResponseSpec>>;
  /** Lists answered as an array whose next page's cursor travels in a response header. */
  nextCursorHeader?: string;
}

export type RouteContracts = Record<string, RouteContract>;

export function raw(description: string, contentType?: string): RawResponse {
  return { kind: 'raw', description, contentType };
}

/** Keeps every entry's literal types (paths, schemas) for the typed mount and client. */
export function defineRoutes<const Routes extends RouteContracts>(routes: Routes): Routes {
  return routes;
}

type InputOf<Schema> = Schema extends z.ZodType ? z.input<Schema> : undefined;
type OutputOf<Schema> = Schema extends z.ZodType ? z.output<Schema> : undefined;

/** What a handler receives after the mount parsed the request. */
export interface ParsedInput<Route extends RouteContract> {
  params: OutputOf<Route['pathParams']>;
  query: OutputOf<Route['query']>;
  body: OutputOf<Route['body']>;
}

/** What a caller sends. */
export interface RequestInput<Route extends RouteContract> {
  params: InputOf<Route['pathParams']>;
  query: InputOf<Route['query']>;
  body: InputOf<Route['body']>;
}

type SuccessStatus<Route extends RouteContract> = Extract<keyof Route['responses'], 200 | 201 | 202 | 204>;
/** The body of the route's success response (undefined for 204 or a raw response). */
export type ResponseOf<Route extends RouteContract> = OutputOf<Route['responses'][SuccessStatus<Route>]>;

export function isRawResponse(spec: ResponseSpec | undefined): spec is RawResponse {
  return typeof spec === 'object' && spec !== null && 'kind' in spec && spec.kind === 'raw';
}

/** A path id: anything but a uuid names nothing, so it fails as the same 404 as a missing one (lowercased for lookups). */
export function pathId(notFoundMessage: string) {
  return z.uuid({ error: notFoundMessage }).transform((id) => id.toLowerCase());
}
