import { describe, expect, it } from 'vitest';
import { applyMarkdown } from './markdown-edit.ts';

describe('applyMarkdown', () => {
  it('wraps the selection and keeps it selected', () => {
    expect(applyMarkdown('say hello now', 4, 9, 'bold')).toEqual({
      text: 'say **hello** now',
      selectionStart: 6,
      selectionEnd: 11,
    });
  });

  it('inserts a selected placeholder when nothing is selected', () => {
    const edit = applyMarkdown('see ', 4, 4, 'link');
    expect(edit.text).toBe('see [link text](https://)');
    expect(edit.text.slice(edit.selectionStart, edit.selectionEnd)).toBe('link text');
  });

  it('prefixes every selected line for lists and quotes', () => {
    expect(applyMarkdown('intro\none\ntwo', 7, 13, 'list').text).toBe('intro\n- one\n- two');
    expect(applyMarkdown('quote me', 2, 2, 'quote').text).toBe('> quote me');
  });
});
