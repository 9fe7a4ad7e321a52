import { describe, expect, it } from 'vitest';
import { TEXT_MESSAGES, isOneLineSafe, oneLineText } from './text.ts';

describe('one-line text', () => {
  it('refuses every text-direction override and isolate and every C0 control but tab and newline', () => {
    const refused = [
      ...Array.from({ length: 0x20 }, (_, code) => code).filter((code) => code !== 0x09 && code !== 0x0a),
      0x202a,
      0x202b,
      0x202c,
      0x202d,
      0x202e,
      0x2066,
      0x2067,
      0x2068,
      0x2069,
    ];
    for (const code of refused)
      expect(isOneLineSafe(`Ada${String.fromCharCode(code)}Lovelace`), code.toString(16)).toBe(false);
    for (const text of ['Ada Lovelace', 'tab\there', 'new\nline', 'عربي', 'Zoë 🙂', '\u200f right-to-left mark'])
      expect(isOneLineSafe(text), text).toBe(true);
  });

  it('answers a refused field with a message that names it', () => {
    const parsed = oneLineText('Title').safeParse('evil\u202Egnp.exe');
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(TEXT_MESSAGES.oneLineUnsafe('Title'));
    expect(oneLineText('Title').trim().min(1).parse('  Plain title ')).toBe('Plain title');
  });
});
