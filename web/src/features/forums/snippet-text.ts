/**
 * Search snippets are cut from the raw markdown of a post (the service marks matched words between
 * « and »). The page shows them as plain text: markdown marks go, link and image texts stay.
 */
export function plainSnippet(snippet: string): string {
  return (
    snippet
      // Images and links keep their text: ![alt](url) and [text](url).
      .replace(/!?\[([^\]]*)\]\([^)]*\)?/g, '$1')
      // Headings, quotes and list bullets at the start of a line.
      .replace(/(^|\n)\s{0,3}(?:#{1,6}\s+|>\s?|[-*+]\s+)/g, '$1')
      // Emphasis, strong, strike-through and code marks.
      .replace(/(\*{1,3}|_{2,3}|~~|`+)/g, '')
      .replace(/(^|[\s(«])_(?=\S)|(?<=\S)_(?=[\s).,;:!?»]|$)/g, '$1')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** The snippet split into plain and matched parts, in order. */
export function snippetParts(snippet: string): { text: string; matched: boolean }[] {
  return plainSnippet(snippet)
    .split(/«|»/)
    .map((text, index) => ({ text, matched: index % 2 === 1 }))
    .filter((part) => part.text !== '');
}
