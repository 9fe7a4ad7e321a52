import type { z } from 'zod';
import { encodeKeysetCursor, pathParamNames, type RouteContract, type RouteContracts } from '@crucible/proto';

/**
 * The input sweep: every route of a service's contract gets the classes of value that once gave
 * 500s (NUL, lone surrogates, forged cursors, non-uuid ids, very long text, wrong types, JSON nested
 * thousands deep or thousands wide) in each of
 * its path parameters, query parameters and body fields. Any 5xx is a finding. A new service is
 * covered by running this on its contract with samples of a valid request.
 */

const FAKE_UUID = '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b';
const LONG_TEXT = 'x'.repeat(60_000);

/** Values for a JSON field: the platform refuses the first two, the schemas the rest. */
const BODY_VALUES: Record<string, unknown> = {
  nul: 'a\u0000b',
  'lone surrogate': 'a\uD800b',
  'lone low surrogate': '\uDC00',
  'surrogate pair (valid)': 'a\u{1F600}b',
  'forged cursor "1"': '1',
  'forged cursor far future': '+275760-09-13T00:00:00.000Z',
  'non-uuid id': 'not-a-uuid',
  'long text': LONG_TEXT,
  number: 12345,
  'negative number': -1,
  'huge number': 1e308,
  boolean: true,
  null: null,
  object: { nested: 'a\u0000b' },
  array: ['a\u0000b', 1],
  'empty string': '',
  'key with NUL': { 'k\u0000': 'v' },
};

/**
 * JSON text too deep or too wide to build as a value (stringifying 5,000 levels is itself recursive):
 * written into the body as text in place of a field's value, or as the whole body.
 */
const DEEP_JSON = `${'['.repeat(5000)}${']'.repeat(5000)}`;
const RAW_BODY_VALUES: Record<string, string> = {
  'nested 5,000 deep': DEEP_JSON,
  'objects nested 3,000 deep': `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
  'wide array (10,000 items)': JSON.stringify(Array.from({ length: 10_000 }, (_, index) => index % 10)),
  'wide object (5,000 keys)': JSON.stringify(
    Object.fromEntries(Array.from({ length: 5000 }, (_, index) => [`k${index}`, 1])),
  ),
};
const RAW_PLACEHOLDER = '"\u0000raw-value\u0000"';

/** Encoded query values (a lone surrogate cannot pass encodeURIComponent, so its bytes are written by hand). */
const QUERY_VALUES: Record<string, string> = {
  nul: 'a%00b',
  'lone surrogate (CESU-8 bytes)': 'a%ED%A0%80b',
  'invalid UTF-8': '%FF%FE',
  'forged cursor "1"': '1',
  'forged cursor far future': encodeURIComponent('+275760-09-13T00:00:00.000Z'),
  'encoded cursor with instant "1"': encodeKeysetCursor({ at: '1', id: FAKE_UUID }),
  'encoded cursor far future': encodeKeysetCursor({ at: '+275760-09-13T00:00:00.000Z', id: FAKE_UUID }),
  'encoded cursor year 0': encodeKeysetCursor({ at: '0000-01-01T00:00:00.000Z', id: FAKE_UUID }),
  'encoded cursor with NUL id': encodeURIComponent(
    Buffer.from(JSON.stringify([null, '2024-01-01T00:00:00.000Z', `${FAKE_UUID}\u0000`])).toString('base64url'),
  ),
  'cursor of bad base64': '%%%',
  'non-uuid id': 'not-a-uuid',
  'long text': 'x'.repeat(6000),
  number: '-1',
  'huge number': '1e308',
  empty: '',
  'repeated (array)': 'a&{name}=b',
};

const PATH_VALUES: Record<string, string> = {
  nul: 'a%00b',
  'lone surrogate (CESU-8 bytes)': '%ED%A0%80',
  'non-uuid id': 'not-a-uuid',
  'uppercase uuid': FAKE_UUID.toUpperCase(),
  'unknown uuid': FAKE_UUID,
  'long text': 'x'.repeat(3000),
  'dot segments': '..%2F..%2Fetc',
};

export interface SweepSample {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

export interface SweepTarget {
  baseUrl: string;
  /** The token sent to member and admin routes (public routes are sent none, so sign-out ends nothing). */
  tokenFor(auth: RouteContract['auth']): string;
  /** A request each route would accept (valid ids, a valid body), varied one field at a time. */
  samples: Partial<Record<string, SweepSample>>;
  /** Path parameters by name where a route has no sample. */
  defaultParams?: Record<string, string>;
}

export interface SweepFinding {
  route: string;
  input: string;
  status: number;
  body: string;
}

interface SweepCase {
  label: string;
  path: string;
  query: string;
  body: unknown;
  /** Sent as the body text instead of `body` (deep and wide JSON). */
  rawBody?: string;
}

function shapeKeys(schema: z.ZodType | undefined): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : [];
}

function encodedQuery(query: Record<string, string>): string {
  return Object.entries(query)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
}

function casesOf(route: RouteContract, sample: SweepSample, defaultParams: Record<string, string>): SweepCase[] {
  const params = Object.fromEntries(
    pathParamNames(route.path).map((name) => [name, sample.params?.[name] ?? defaultParams[name] ?? FAKE_UUID]),
  );
  const pathWith = (overrides: Record<string, string>) =>
    route.path.replace(/:(\w+)/g, (_segment, name: string) => overrides[name] ?? encodeURIComponent(params[name]!));
  const baseQuery = sample.query ?? {};
  const baseBody = sample.body ?? (route.body ? {} : undefined);
  const path = pathWith({});
  const cases: SweepCase[] = [{ label: 'the sample itself', path, query: encodedQuery(baseQuery), body: baseBody }];

  for (const name of Object.keys(params)) {
    for (const [label, value] of Object.entries(PATH_VALUES))
      cases.push({
        label: `path ${name}: ${label}`,
        path: pathWith({ [name]: value }),
        query: encodedQuery(baseQuery),
        body: baseBody,
      });
  }
  const queryNames = new Set([...shapeKeys(route.query), ...Object.keys(baseQuery)]);
  for (const name of queryNames) {
    const rest = Object.fromEntries(Object.entries(baseQuery).filter(([key]) => key !== name));
    for (const [label, value] of Object.entries(QUERY_VALUES)) {
      const own = `${encodeURIComponent(name)}=${value.replace('{name}', encodeURIComponent(name))}`;
      cases.push({
        label: `query ${name}: ${label}`,
        path,
        query: [encodedQuery(rest), own].filter(Boolean).join('&'),
        body: baseBody,
      });
    }
  }
  if (route.body) {
    const fields = new Set([
      ...shapeKeys(route.body),
      ...(typeof baseBody === 'object' && baseBody !== null && !Array.isArray(baseBody) ? Object.keys(baseBody) : []),
    ]);
    for (const name of fields) {
      for (const [label, value] of Object.entries(BODY_VALUES)) {
        cases.push({
          label: `body ${name}: ${label}`,
          path,
          query: encodedQuery(baseQuery),
          body: { ...(baseBody as object), [name]: value },
        });
        if (Array.isArray((baseBody as Record<string, unknown>)[name])) {
          cases.push({
            label: `body ${name}[0]: ${label}`,
            path,
            query: encodedQuery(baseQuery),
            body: { ...(baseBody as object), [name]: [value] },
          });
        }
      }
    }
    for (const name of fields) {
      for (const [label, raw] of Object.entries(RAW_BODY_VALUES)) {
        const withPlaceholder = JSON.stringify({ ...(baseBody as object), [name]: '\u0000raw-value\u0000' });
        cases.push({
          label: `body ${name}: ${label}`,
          path,
          query: encodedQuery(baseQuery),
          body: baseBody,
          rawBody: withPlaceholder.replace(RAW_PLACEHOLDER, () => raw),
        });
      }
    }
    for (const [label, raw] of Object.entries(RAW_BODY_VALUES))
      cases.push({ label: `body: ${label}`, path, query: encodedQuery(baseQuery), body: baseBody, rawBody: raw });
    for (const [label, body] of Object.entries({
      'body: array': [],
      'body: string': 'a\u0000b',
      'body: number': 1,
      'body: null': null,
      'body: unknown field': { ...(baseBody as object), 'extra\u0000': 1 },
    })) {
      cases.push({ label, path, query: encodedQuery(baseQuery), body });
    }
  }
  return cases;
}

/** Reading and deleting routes last, so the samples other routes need still exist when they run. */
const METHOD_ORDER: Record<RouteContract['method'], number> = { GET: 0, POST: 1, PUT: 1, PATCH: 2, DELETE: 3 };

export async function sweepRoutes(
  routes: RouteContracts,
  target: SweepTarget,
): Promise<{ requests: number; findings: SweepFinding[] }> {
  const findings: SweepFinding[] = [];
  let requests = 0;
  const ordered = Object.entries(routes).sort(([, a], [, b]) => METHOD_ORDER[a.method] - METHOD_ORDER[b.method]);
  for (const [name, route] of ordered) {
    const token = route.auth === 'public' ? undefined : target.tokenFor(route.auth);
    for (const sweepCase of casesOf(route, target.samples[name] ?? {}, target.defaultParams ?? {})) {
      const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
      const sendsBody = sweepCase.body !== undefined && route.method !== 'GET';
      if (sendsBody) headers['content-type'] = 'application/json';
      const url = `${target.baseUrl}${sweepCase.path}${sweepCase.query ? `?${sweepCase.query}` : ''}`;
      const response = await fetch(url, {
        method: route.method,
        headers,
        body: sendsBody ? (sweepCase.rawBody ?? JSON.stringify(sweepCase.body)) : undefined,
        redirect: 'manual',
      });
      const text = await response.text();
      requests += 1;
      if (response.status >= 500)
        findings.push({
          route: `${route.method} ${route.path} (${name})`,
          input: sweepCase.label,
          status: response.status,
          body: text.slice(0, 300),
        });
    }
  }
  return { requests, findings };
}
