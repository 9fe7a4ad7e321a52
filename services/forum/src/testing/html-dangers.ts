import { JSDOM } from 'jsdom';

const ALLOWED_ELEMENTS = new Set([
  'P',
  'BR',
  'HR',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'STRONG',
  'B',
  'EM',
  'I',
  'DEL',
  'S',
  'SUP',
  'SUB',
  'CODE',
  'PRE',
  'BLOCKQUOTE',
  'UL',
  'OL',
  'LI',
  'A',
  'IMG',
  'TABLE',
  'THEAD',
  'TBODY',
  'TR',
  'TH',
  'TD',
]);
const ALLOWED_ATTRIBUTES = new Set(['href', 'title', 'rel', 'target', 'src', 'alt', 'class', 'start', 'align']);
const { document } = new JSDOM('<!doctype html><body></body>').window;

/**
 * Parses HTML as a browser would and lists everything in it that could run script, restyle the
 * page or send the reader elsewhere unasked: an empty list means inert.
 */
export function dangersIn(html: string): string[] {
  const container = document.createElement('div');
  container.innerHTML = html;
  const dangers: string[] = [];
  for (const element of container.querySelectorAll('*')) {
    if (!ALLOWED_ELEMENTS.has(element.tagName)) dangers.push(`element ${element.tagName}`);
    for (const attribute of element.attributes) {
      if (!ALLOWED_ATTRIBUTES.has(attribute.name)) dangers.push(`attribute ${attribute.name} on ${element.tagName}`);
      if (attribute.name === 'href' || attribute.name === 'src') {
        const url = new URL(attribute.value, 'https://crucible.test/forums');
        const allowed = element.tagName === 'IMG' ? ['http:', 'https:'] : ['http:', 'https:', 'mailto:'];
        if (!allowed.includes(url.protocol)) dangers.push(`${attribute.name}=${attribute.value}`);
        if (attribute.value.startsWith('//')) dangers.push(`protocol-relative ${attribute.value}`);
      }
      if (attribute.name === 'class' && !/^language-[\w-]+$/.test(attribute.value))
        dangers.push(`class ${attribute.value}`);
    }
  }
  return dangers;
}
