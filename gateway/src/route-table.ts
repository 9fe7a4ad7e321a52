import { GATEWAY_ROUTES, type GatewayRoute } from '@crucible/proto';

function prefixMatches(prefix: string, path: string): boolean {
  const prefixSegments = prefix.split('/');
  const pathSegments = path.split('/');
  if (pathSegments.length < prefixSegments.length) return false;
  return prefixSegments.every((segment, index) => segment === pathSegments[index] || (segment.startsWith(':') && pathSegments[index] !== ''));
}

/** Longest prefix first, so `/api/users/search` beats a shorter `/api/users` entry. */
export function createRouteMatcher(routes: readonly GatewayRoute[] = GATEWAY_ROUTES): (path: string) => GatewayRoute | undefined {
  const ordered = [...routes].sort((a, b) => b.prefix.length - a.prefix.length);
  return (path) => ordered.find((route) => prefixMatches(route.prefix, path));
}
