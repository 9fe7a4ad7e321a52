import { GATEWAY_ROUTES, type GatewayRoute } from '@crucible/proto';

interface Entry {
  route: GatewayRoute;
  segments: readonly string[];
}

/** `/api/<area>`: the part of a path that picks the routes worth trying. */
const AREA_SEGMENTS = 3;
const areaOf = (segments: readonly string[]) => segments.slice(0, AREA_SEGMENTS).join('/');

function prefixMatches(prefixSegments: readonly string[], pathSegments: readonly string[]): boolean {
  if (pathSegments.length < prefixSegments.length) return false;
  return prefixSegments.every(
    (segment, index) => segment === pathSegments[index] || (segment.startsWith(':') && pathSegments[index] !== ''),
  );
}

/**
 * Longest prefix first, so `/api/users/search` beats a shorter `/api/users` entry. Prefixes are split
 * once here and grouped by area, so a request splits its path once and tries only its area's routes
 * (a prefix whose area segment is a `:param` is tried in every area).
 */
export function createRouteMatcher(
  routes: readonly GatewayRoute[] = GATEWAY_ROUTES,
): (path: string) => GatewayRoute | undefined {
  const ordered: Entry[] = [...routes]
    .sort((a, b) => b.prefix.length - a.prefix.length)
    .map((route) => ({ route, segments: route.prefix.split('/') }));
  const anyArea = (entry: Entry) => entry.segments[AREA_SEGMENTS - 1]?.startsWith(':') ?? false;
  const byArea = new Map<string, Entry[]>();
  for (const entry of ordered) if (!anyArea(entry)) byArea.set(areaOf(entry.segments), []);
  const inEveryArea: Entry[] = [];
  for (const entry of ordered) {
    if (!anyArea(entry)) byArea.get(areaOf(entry.segments))!.push(entry);
    else for (const entries of [...byArea.values(), inEveryArea]) entries.push(entry);
  }
  return (path) => {
    const segments = path.split('/');
    const candidates = byArea.get(areaOf(segments)) ?? inEveryArea;
    return candidates.find((entry) => prefixMatches(entry.segments, segments))?.route;
  };
}
