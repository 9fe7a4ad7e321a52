/**
 * NATS subject wildcards, for the places that must decide without a broker: the in-process bus,
 * and the NATS bus choosing which stream holds a subscriber's subject.
 * `*` stands for exactly one token, `>` (last token only) for one or more tokens.
 */

function tokens(subject: string): string[] {
  return subject.split('.');
}

/** Whether every subject that `inner` matches is also matched by `outer` (a literal is its own filter). */
export function filterCovers(outer: string, inner: string): boolean {
  const outerTokens = tokens(outer);
  const innerTokens = tokens(inner);
  for (const [index, outerToken] of outerTokens.entries()) {
    const innerToken = innerTokens[index];
    if (innerToken === undefined) return false;
    if (outerToken === '>') return true;
    if (innerToken === '>') return false;
    if (outerToken === '*') continue;
    if (innerToken === '*' || innerToken !== outerToken) return false;
  }
  return outerTokens.length === innerTokens.length;
}

/** Whether the literal `subject` matches the (possibly wildcard) `filter`. */
export function subjectMatches(filter: string, subject: string): boolean {
  return filterCovers(filter, subject);
}

export function matchesAnyFilter(filters: readonly string[], subject: string): boolean {
  return filters.some((filter) => subjectMatches(filter, subject));
}
