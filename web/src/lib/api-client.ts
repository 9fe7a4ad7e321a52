import {
  fillPath,
  routeUrl,
  type CallInput,
  type KeyInput,
  type ResponseOf,
  type RouteContract,
} from '@crucible/proto';
import { requestInit, throwIfNotOk } from './api-request.ts';

/**
 * The query key of a read of `route`: its filled path as '/api/<resource>' and the further segments
 * ('/api/direct-messages/quota' -> ['/api/direct-messages', 'quota']), then the query when one is
 * given. Keys nest as paths do, so invalidating a resource's key covers every read under it, and
 * the resource's cache policy (RESOURCE_CACHE_POLICIES) applies to them all.
 */
export function routeQueryKey<Route extends RouteContract>(
  route: Route,
  input: KeyInput<Route> = {} as KeyInput<Route>,
): readonly unknown[] {
  const path = fillPath(route.path, input.params as Record<string, string> | undefined);
  const [, api, resource, ...rest] = path.split('/');
  const key: unknown[] = [`/${api}/${resource}`, ...rest];
  if (input.query !== undefined) key.push(input.query);
  return key;
}

/**
 * The key that every read under the route's fixed path nests in: its parts before the first path
 * parameter ('/api/admin/members/:id/activity' -> ['/api/admin', 'members']), for invalidating the
 * reads of every member or item at once.
 */
export function routeCollectionKey(route: RouteContract): readonly unknown[] {
  const [, api, resource, ...rest] = route.path.split('/');
  const firstParameter = rest.findIndex((part) => part.startsWith(':'));
  return [`/${api}/${resource}`, ...(firstParameter === -1 ? rest : rest.slice(0, firstParameter))];
}

/** The raw response of a contract call (for headers such as the next page's cursor); a failure throws ApiError. */
export async function requestRoute<Route extends RouteContract>(
  route: Route,
  input: CallInput<Route>,
  headers?: Record<string, string>,
): Promise<Response> {
  const response = await fetch(routeUrl(route, input), requestInit(route.method, input.body, headers));
  await throwIfNotOk(response);
  return response;
}

/** Calls a contract route and answers its typed success body (undefined for 204). */
export async function callRoute<Route extends RouteContract>(
  route: Route,
  input: CallInput<Route>,
  headers?: Record<string, string>,
): Promise<ResponseOf<Route>> {
  const response = await requestRoute(route, input, headers);
  if (response.status === 204) return undefined as ResponseOf<Route>;
  return (await response.json()) as ResponseOf<Route>;
}

async function readJsonOrNull(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

function serverMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('message' in body)) return undefined;
  return typeof body.message === 'string' && body.message !== '' ? body.message : undefined;
}

/**
 * For calls whose failure a member reads as is (auth forms): the error carries the server's own
 * `message` ('Invalid email or password') instead of the status line, or the fallback.
 */
export async function callRouteWithServerMessage<Route extends RouteContract>(
  route: Route,
  input: CallInput<Route>,
  fallbackMessage: string,
): Promise<ResponseOf<Route>> {
  const response = await fetch(routeUrl(route, input), requestInit(route.method, input.body));
  const payload = await readJsonOrNull(response);
  if (!response.ok) throw new Error(serverMessage(payload) ?? fallbackMessage);
  return payload as ResponseOf<Route>;
}
