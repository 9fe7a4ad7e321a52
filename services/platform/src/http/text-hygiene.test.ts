import { describe, expect, it } from 'vitest';
import { assertStorableText, findUnsafeText } from './text-hygiene.ts';

describe('text hygiene', () => {
  it('names the field of a NUL or a lone surrogate, however deep, keys included', () => {
    expect(findUnsafeText({ title: 'a\u0000b' })).toEqual({
      field: 'title',
      problem: 'must not contain a NUL character',
    });
    expect(findUnsafeText({ poll: { options: ['ok', 'x\uD800'] } })).toEqual({
      field: 'poll.options.1',
      problem: 'must not contain a lone UTF-16 surrogate',
    });
    expect(findUnsafeText({ tail: '\uDC00' })?.field).toBe('tail');
    expect(findUnsafeText({ 'k\u0000': 1 })).toEqual({
      field: 'k\u0000',
      problem: 'name must not contain a NUL character',
    });
  });

  it('lets well-formed text through, surrogate pairs included', () => {
    expect(
      findUnsafeText({ text: 'emoji \u{1F600} and accents é', n: 1, b: true, nothing: null, list: ['a'] }),
    ).toBeUndefined();
  });

  it('throws a 400 whose message names the field', () => {
    expect(() => assertStorableText({ query: { q: 'a\u0000' } })).toThrow(
      expect.objectContaining({ statusCode: 400, message: 'q must not contain a NUL character' }),
    );
    expect(() => assertStorableText({ query: {}, body: undefined })).not.toThrow();
  });
});

describe('text hygiene on deep and wide values', () => {
  it('walks 100,000 levels without overflowing the stack and names the deep field', () => {
    let deep: unknown = 'bad\u0000';
    for (let level = 0; level < 100_000; level += 1) deep = { a: deep };
    const found = findUnsafeText(deep);
    expect(found?.problem).toBe('must not contain a NUL character');
    expect(found?.field.split('.')).toHaveLength(100_000);
  });

  it('walks 100,000 siblings and reports the first bad one in document order', () => {
    const wide = Array.from({ length: 100_000 }, (_, index) =>
      index === 70_000 || index === 90_000 ? '\uD800' : 'ok',
    );
    expect(findUnsafeText({ list: wide })?.field).toBe('list.70000');
  });
});
