/** How many lines of a reply a quote takes when the member selected nothing in it. */
const QUOTE_LINES = 3;

/**
 * The quote block a reply to a reply starts with: the selected text (else the first lines of the
 * quoted reply) as a markdown quote, headed 'In reply to {name}' linking back to the quoted reply.
 */
export function quoteBlock(options: { name: string; link: string; content: string; selection?: string }): string {
  const source = options.selection?.trim() || firstLines(options.content);
  const quoted = source
    .split('\n')
    .map((line) => `> ${line}`.trimEnd())
    .join('\n');
  return `> **[In reply to ${escapeMarkdown(options.name)}](${options.link})**\n>\n${quoted}\n\n`;
}

function firstLines(content: string): string {
  const lines = content.trim().split('\n');
  return lines.slice(0, QUOTE_LINES).join('\n') + (lines.length > QUOTE_LINES ? '\n…' : '');
}

/** A name in the quote's heading stays text: markdown's link and emphasis characters are escaped. */
function escapeMarkdown(text: string): string {
  return text.replace(/[\\[\]*_`]/g, (character) => `\\${character}`);
}
