import { describe, expect, it } from 'vitest';
import { quoteBlock } from './quote.ts';

describe('quote block', () => {
  const link = '/forums?discussion=d-1&reply=r-1';

  it('quotes the first lines, named and linking back to the reply', () => {
    expect(quoteBlock({ name: 'Lena Tester', link, content: 'one\ntwo\nthree\nfour' })).toBe(
      `> **[In reply to Lena Tester](${link})**\n>\n> one\n> two\n> three\n> …\n\n`,
    );
  });

  it('quotes the selected text instead, and keeps markdown in the name as text', () => {
    expect(quoteBlock({ name: 'Lena [x]', link, content: 'whole', selection: ' picked words ' })).toBe(
      `> **[In reply to Lena \\[x\\]](${link})**\n>\n> picked words\n\n`,
    );
  });
});
