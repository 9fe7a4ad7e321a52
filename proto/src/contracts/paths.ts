/* Path helpers apart from route.ts, so the web's request layer loads without zod (the sign-in page's weight budget). */

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
