/* Path helpers apart from route.ts, so the web's request layer loads without zod (the sign-in page's weight budget). */
import type { z } from 'zod';
import type { RouteContract } from './route.ts';

/** Fills `:name` segments, each value encoded as one segment. */
export function fillPath(path: string, params: Record<string, string> | undefined): string {
  return path.replace(/:(\w+)/g, (_segment, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}

/** Names of the `:name` segments of a path, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
}

type ParamsPart<Route extends RouteContract> = Route['pathParams'] extends z.ZodType
  ? { params: z.input<Route['pathParams']> }
  : { params?: undefined };
type QueryPart<Route extends RouteContract> = Route['query'] extends z.ZodType
  ? { query?: Partial<z.input<Route['query']>> }
  : { query?: undefined };
type BodyPart<Route extends RouteContract> = Route['body'] extends z.ZodType
  ? { body: z.input<Route['body']> }
  : { body?: undefined };

/** What a call of `Route` sends: its path parameters and body when it has them, its query when wanted. */
export type CallInput<Route extends RouteContract> = ParamsPart<Route> & QueryPart<Route> & BodyPart<Route>;

/** What names a read of `Route`: its path parameters, and its query when it has one. */
export type KeyInput<Route extends RouteContract> = ParamsPart<Route> & QueryPart<Route>;

/** The route's URL with its path parameters filled and the query's defined values appended. */
export function routeUrl<Route extends RouteContract>(route: Route, input: CallInput<Route>): string {
  const path = fillPath(route.path, input.params as Record<string, string> | undefined);
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) query.set(name, String(value));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}
