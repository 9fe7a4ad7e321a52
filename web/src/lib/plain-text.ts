/**
 * A post's markdown as plain text for previews and search snippets: markdown marks go, link and
 * image texts stay, runs of white space become one space.
 */
export function markdownToPlainText(markdown: string): string {
  return (
    markdown
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
