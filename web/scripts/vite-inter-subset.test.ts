import { describe, expect, it } from 'vitest';
import { coveredCodePoints, formatUnicodeRange, parseUnicodeRange } from './vite-inter-subset.ts';

describe('the Inter subset', () => {
  it('reads a unicode-range as fontsource writes it', () => {
    expect(parseUnicodeRange('U+0000-00FF,U+0131, U+2000-206F')).toEqual([
      [0x0, 0xff],
      [0x131, 0x131],
      [0x2000, 0x206f],
    ]);
  });

  it('refuses a unicode-range part it cannot read', () => {
    expect(() => parseUnicodeRange('U+00FF,latin')).toThrow('Not a unicode-range part: "latin"');
  });

  it('writes runs of code points as ranges and lone ones alone', () => {
    expect(formatUnicodeRange([0x22, 0x20, 0x21, 0x2026, 0xe9, 0x21])).toBe('U+20-22,U+E9,U+2026');
  });

  it('keeps the characters of the texts that the font covers, without control characters', () => {
    const latin = parseUnicodeRange('U+0000-00FF,U+2000-206F');
    expect(coveredCodePoints(['Zoë…\n', 'Жанна → ok\t'], latin)).toEqual(
      [...' Zkoë…'].map((character) => character.codePointAt(0)),
    );
  });
});
