import escapeHtml from 'escape-html';
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import type { ContentFormat } from '@crucible/proto';
import { linkMentions, unlinkMentions } from './mentions.ts';

const markdown = new Marked({ gfm: true, breaks: true, async: false });

const OUTBOUND_LINK = { rel: 'nofollow noopener noreferrer ugc', target: '_blank' };

function isSameOrigin(url: string | undefined): boolean {
  return url !== undefined && url.startsWith('/') && !url.startsWith('//');
}

/**
 * What survives in rendered posts: text structure, links over http(s) only, images of our own
 * origin, code classes for highlighting. An image elsewhere becomes a link to it: the page fetching
 * it would tell its author who read the post and when. Everything else (script, event handlers, style, frames, forms, SVG)
 * is dropped; `javascript:` and `data:` URLs lose their attribute.
 */
const POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'del',
    's',
    'sup',
    'sub',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title'],
    code: ['class'],
    ol: ['start'],
    th: ['align'],
    td: ['align'],
  },
  allowedClasses: { code: ['language-*'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links out of the product open apart from it and pass no ranking or referrer; links within it
    // (mentions point at /profile/{id}) stay plain.
    a: (tagName, attribs) => {
      const { rel: _rel, target: _target, ...rest } = attribs;
      return { tagName, attribs: isSameOrigin(rest.href) ? rest : { ...rest, ...OUTBOUND_LINK } };
    },
    img: (tagName, attribs): sanitizeHtml.Tag => {
      if (isSameOrigin(attribs.src) || attribs.src === undefined) return { tagName, attribs };
      const link: sanitizeHtml.Attributes = { href: attribs.src, ...OUTBOUND_LINK };
      if (attribs.title !== undefined) link.title = attribs.title;
      return { tagName: 'a', attribs: link, text: `Image: ${attribs.alt || attribs.src}` };
    },
  },
};

/** Renders a post's content to HTML that is safe to insert into the page as it is. */
export function renderContent(content: string, format: ContentFormat): string {
  switch (format) {
    case 'markdown':
      return sanitizeHtml(markdown.parse(linkMentions(content)) as string, POLICY);
    case 'html':
      return sanitizeHtml(content, POLICY);
    case 'plain':
      return `<p>${escapeHtml(unlinkMentions(content)).replace(/\r?\n/g, '<br>')}</p>`;
  }
}

/** One line of plain text for events and notifications (consumers escape it where they show it). */
export function excerptOf(content: string, maxChars = 200): string {
  const text = unlinkMentions(content).replace(/\s+/g, ' ').trim();
  return text.length <= maxChars ? text : `${text.slice(0, maxChars - 1)}…`;
}
