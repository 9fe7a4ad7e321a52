import { GATEWAY_ROUTES, type GatewayRoute } from '@crucible/proto';

function prefixMatches(prefixSegments: readonly string[], path: string): boolean {
  const pathSegments = path.split('/');
  if (pathSegments.length < prefixSegments.length) return false;
  return prefixSegments.every(
    (segment, index) => segment === pathSegments[index] || (segment.startsWith(':') && pathSegments[index] !== ''),
  );
}

/** Longest prefix first, so `/api/users/search` beats a shorter `/api/users` entry. */
export function createRouteMatcher(
  routes: readonly GatewayRoute[] = GATEWAY_ROUTES,
): (path: string) => GatewayRoute | undefined {
  // Split once here rather than on every request.
  const ordered = [...routes]
    .sort((a, b) => b.prefix.length - a.prefix.length)
    .map((route) => ({ route, segments: route.prefix.split('/') }));
  return (path) => ordered.find(({ segments }) => prefixMatches(segments, path))?.route;
}
