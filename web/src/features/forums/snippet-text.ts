import { markdownToPlainText } from '../../lib/plain-text.ts';

/**
 * Search snippets are cut from the raw markdown of a post (the service marks matched words between
 * « and »). The page shows them as plain text.
 */
export const plainSnippet = markdownToPlainText;

/** The snippet split into plain and matched parts, in order. */
export function snippetParts(snippet: string): { text: string; matched: boolean }[] {
  return plainSnippet(snippet)
    .split(/«|»/)
    .map((text, index) => ({ text, matched: index % 2 === 1 }))
    .filter((part) => part.text !== '');
}
