import { SERVICE_CONTRACTS, type RouteAuth } from './contracts/index.ts';

/** The services behind the gateway and the port each listens on in one-machine mode. */
export const SERVICES = {
  auth: { defaultPort: 5101 },
  forum: { defaultPort: 5102 },
  dm: { defaultPort: 5103 },
  project: { defaultPort: 5104 },
  profile: { defaultPort: 5105 },
  admin: { defaultPort: 5106 },
  realtime: { defaultPort: 5107 },
} as const;
export type ServiceName = keyof typeof SERVICES;

export type RouteAccess = 'public' | 'member';
export interface GatewayRoute {
  /** Path prefix; the longest matching prefix wins. `:id` segments match one path segment. */
  prefix: string;
  service: ServiceName;
  access: RouteAccess;
}

/**
 * Routes the contracts do not describe, or that the gateway lets through on different terms than
 * the contract's own `auth` says.
 */
export const UNDESCRIBED_GATEWAY_ROUTES: readonly GatewayRoute[] = [
  // The one-machine identity provider's pages (auth's DEV_IDENTITY_PROVIDER_PATH): a browser opens
  // them while signing in, so without a token.
  { prefix: '/api/auth/oidc', service: 'auth', access: 'public' },
  // Every screen asks for the current user, a visitor's too: auth answers a visitor itself.
  { prefix: '/api/auth/user', service: 'auth', access: 'public' },
];

/** A contract route as the table reads it: where it is served and whether it needs a token. */
interface ContractEntry {
  path: string;
  auth: RouteAuth;
}

/** `:userId` and `:id` in the same place match the same requests. */
const patternOf = (segments: readonly string[]) => segments.map((segment) => (segment.startsWith(':') ? ':' : segment));

/** The first segments this table keys on: `/api/<area>/<part>`, or the whole path when shorter. */
const MIN_PREFIX_SEGMENTS = 4;

/**
 * The gateway's table from the services' contracts: each route is reached through the shortest
 * prefix of at least `/api/<area>/<part>` that no other service's route shares (`/api/users/:id/...`
 * belongs to several services, so those keep one more segment). The gateway checks only that a
 * member route carries a valid token (admin included): services check roles and ownership. A prefix
 * is public when every route under it is; a public route under a member prefix gets its own entry.
 * `extra` adds what the contracts do not describe and wins over a derived entry with the same prefix.
 */
export function gatewayRoutesOf(
  contracts: Readonly<Record<ServiceName, Readonly<Record<string, ContractEntry>>>>,
  extra: readonly GatewayRoute[] = [],
): GatewayRoute[] {
  const routes = (Object.entries(contracts) as [ServiceName, Readonly<Record<string, ContractEntry>>][]).flatMap(
    ([service, entries]) =>
      Object.values(entries).map(({ path, auth }) => ({ service, auth, segments: path.split('/') })),
  );
  const othersShare = (service: ServiceName, pattern: readonly string[]) =>
    routes.some(
      (route) =>
        route.service !== service &&
        route.segments.length >= pattern.length &&
        pattern.every((segment, index) => segment === patternOf(route.segments)[index]),
    );
  const groups = new Map<string, { prefix: string; service: ServiceName; auths: RouteAuth[] }>();
  for (const { service, auth, segments } of routes) {
    let length = Math.min(MIN_PREFIX_SEGMENTS, segments.length);
    while (length < segments.length && othersShare(service, patternOf(segments.slice(0, length)))) length += 1;
    const prefixSegments = segments.slice(0, length);
    const key = patternOf(prefixSegments).join('/');
    const group = groups.get(key) ?? { prefix: prefixSegments.join('/'), service, auths: [] };
    group.auths.push(auth);
    groups.set(key, group);
  }
  const table = new Map<string, GatewayRoute>();
  for (const [key, { prefix, service, auths }] of groups)
    table.set(key, { prefix, service, access: auths.every((auth) => auth === 'public') ? 'public' : 'member' });
  for (const { service, auth, segments } of routes) {
    const key = patternOf(segments).join('/');
    if (auth === 'public' && table.get(key)?.access !== 'public')
      table.set(key, { prefix: segments.join('/'), service, access: 'public' });
  }
  for (const route of extra) table.set(patternOf(route.prefix.split('/')).join('/'), route);
  return [...table.values()];
}

/**
 * The gateway's route table: the contracts' routes and the few they do not describe. Public routes
 * pass without a token; member routes need a valid one. Services check roles and ownership themselves.
 */
export const GATEWAY_ROUTES: readonly GatewayRoute[] = /* @__PURE__ */ gatewayRoutesOf(
  SERVICE_CONTRACTS,
  UNDESCRIBED_GATEWAY_ROUTES,
);

export const WEBSOCKET_PATH = '/ws';
