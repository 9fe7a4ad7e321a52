/** The pieces every service's integration harness is made of: clean-ups, a server bound first, requests. */
import express from 'express';
import { routeUrl, type CallInput, type ResponseOf, type RouteContract } from '@crucible/proto';
import { listen, type RunningService } from '@crucible/platform';
import { swapHandler } from './event-collector.ts';

/** What a harness started, undone newest first; also run when starting fails halfway. */
export interface CleanupStack {
  push(cleanup: () => Promise<unknown>): void;
  /** Runs every clean-up even when one fails (a test's left-overs must not hide its result). */
  run(): Promise<void>;
}

export function cleanupStack(): CleanupStack {
  const cleanups: (() => Promise<unknown>)[] = [];
  return {
    push: (cleanup) => void cleanups.push(cleanup),
    async run() {
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
      cleanups.length = 0;
    },
  };
}

/** Starts a harness with `start`; if it throws, what it started is cleaned up before the error surfaces. */
export async function startHarness<T>(start: (cleanups: CleanupStack) => Promise<T>): Promise<T> {
  const cleanups = cleanupStack();
  try {
    return await start(cleanups);
  } catch (error) {
    await cleanups.run();
    throw error;
  }
}

export interface TestServer {
  readonly url: string;
  /** Hands the server's requests (and WebSocket upgrades, where it takes them) to the service once it exists. */
  serve(service: Pick<RunningService, 'app' | 'webSocket'>): void;
}

/**
 * Listens on an ephemeral loopback port before the service is built, so the service's config
 * (PUBLIC_URL: mail links, signed blob links, the OIDC issuer) can name this very server.
 */
export async function listenFirst(cleanups: CleanupStack): Promise<TestServer> {
  const http = await listen(express(), 0, '127.0.0.1');
  cleanups.push(() => http.close());
  return {
    url: `http://127.0.0.1:${http.port}`,
    serve(service) {
      swapHandler(http.server, service.app);
      if (service.webSocket) http.server.on('upgrade', service.webSocket.handleUpgrade);
    },
  };
}

export interface TestRequestOptions {
  method?: string;
  /** Sent as JSON (with a JSON content type unless `headers` says otherwise). */
  json?: unknown;
  /** Sent as it is. */
  body?: BodyInit;
  token?: string;
  cookie?: string;
  headers?: Record<string, string>;
  redirect?: 'manual' | 'follow';
}

export type TestRequest = (path: string, options?: TestRequestOptions) => Promise<Response>;

/** Requests to `baseUrl`: a body makes it a POST unless `method` says otherwise; redirects are not followed unless asked. */
export function requestsTo(baseUrl: string): TestRequest {
  return (path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    let body = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] ??= 'application/json';
    }
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.cookie) headers.cookie = options.cookie;
    return fetch(new URL(path, baseUrl), {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      redirect: options.redirect ?? 'manual',
    });
  };
}

type CallOptions = Omit<TestRequestOptions, 'json' | 'body' | 'method'> & { expect?: number };

export interface TestCall {
  /** Sends and parses JSON at `path`, failing the test with the body unless the status is `expect` (200 unless named). */
  <T = Record<string, unknown>>(path: string, options?: TestRequestOptions & { expect?: number }): Promise<T>;
  /**
   * Calls a contract route with its typed input, failing the test with the body unless the status is
   * `expect` (the route's success status unless named); answers the typed success body.
   */
  <Route extends RouteContract>(route: Route, input: CallInput<Route> & CallOptions): Promise<ResponseOf<Route>>;
}

/** The route's success status, which a call expects unless told otherwise. */
function successStatusOf(route: RouteContract): number {
  return [200, 201, 202, 204].find((status) => route.responses[status] !== undefined) ?? 200;
}

/** Sends and parses JSON, failing the test with the body when the status is not the expected one. */
export function callsWith(request: TestRequest): TestCall {
  const send = async (path: string, options: TestRequestOptions, expected: number): Promise<never> => {
    const response = await request(path, options);
    const text = await response.text();
    if (response.status !== expected)
      throw new Error(`${options.method ?? 'GET'} ${path} answered ${response.status} (expected ${expected}): ${text}`);
    return (text ? JSON.parse(text) : undefined) as never;
  };
  return ((target: string | RouteContract, options: Record<string, unknown> = {}) => {
    if (typeof target === 'string') {
      const { expect, ...rest } = options as TestRequestOptions & { expect?: number };
      return send(target, rest, expect ?? 200);
    }
    const { params, query, body, expect, ...rest } = options as CallInput<RouteContract> & CallOptions;
    const path = routeUrl(target, { params, query, body } as CallInput<RouteContract>);
    return send(path, { ...rest, method: target.method, json: body }, expect ?? successStatusOf(target));
  }) as TestCall;
}
