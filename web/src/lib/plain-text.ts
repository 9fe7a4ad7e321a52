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

/** Elements whose content is not text a reader sees (the browser never shows it). */
const HIDDEN_CONTENT = new Set(['script', 'style', 'template', 'noscript']);
const TAG_START = /<(\/?)([a-zA-Z][^\s/>]*)/y;
const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z]+));?/g;

function decodeEntities(text: string): string {
  return text.replace(ENTITY, (entity, decimal?: string, hex?: string, name?: string) => {
    if (name !== undefined) return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
    const code = decimal !== undefined ? Number(decimal) : parseInt(hex!, 16);
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : '\ufffd';
  });
}

/** The index just past the `>` that ends the tag opened at `from`, skipping quoted attribute values. */
function tagEnd(html: string, from: number): number {
  let quote: string | null = null;
  for (let index = from; index < html.length; index += 1) {
    const char = html[index];
    if (quote) {
      if (char === quote) quote = null;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '>') return index + 1;
  }
  return html.length;
}

/**
 * The text of an HTML fragment, as a page would show it, without building a DOM: parsing with
 * DOMParser creates the elements (an `<img onerror>` among them), which runs nothing but still
 * raises CSP violation reports. A small tokenizer drops tags, comments and the content of script,
 * style, template and noscript, and decodes character references. For display as text only: the
 * result is never inserted as HTML.
 */
export function htmlToText(html: string): string {
  let text = '';
  let index = 0;
  while (index < html.length) {
    const open = html.indexOf('<', index);
    if (open === -1) {
      text += html.slice(index);
      break;
    }
    text += html.slice(index, open);
    if (html.startsWith('<!--', open)) {
      const close = html.indexOf('-->', open + 4);
      index = close === -1 ? html.length : close + 3;
      continue;
    }
    if (html[open + 1] === '!' || html[open + 1] === '?') {
      index = tagEnd(html, open + 2);
      continue;
    }
    TAG_START.lastIndex = open;
    const tag = TAG_START.exec(html);
    if (!tag) {
      text += '<';
      index = open + 1;
      continue;
    }
    index = tagEnd(html, open + tag[0].length);
    const name = tag[2]!.toLowerCase();
    if (!tag[1] && HIDDEN_CONTENT.has(name)) {
      const close = html.toLowerCase().indexOf(`</${name}`, index);
      index = close === -1 ? html.length : tagEnd(html, close);
    }
  }
  return decodeEntities(text);
}
