import { describe, expect, it } from 'vitest';
import { insertMention, mentionQueryAt } from './mentions.ts';

const ID = '0b6f2c1e-1111-4a2b-8c3d-123456789abc';

describe('mentionQueryAt', () => {
  it('finds the @word at the caret once it has 2 characters', () => {
    expect(mentionQueryAt('Hi @an', 6)).toEqual({ start: 3, text: 'an' });
    expect(mentionQueryAt('@ann', 4)).toEqual({ start: 0, text: 'ann' });
    expect(mentionQueryAt('Hi @a', 5)).toBeNull();
    expect(mentionQueryAt('Hi @', 4)).toBeNull();
  });

  it('ignores emails, finished words and finished mentions', () => {
    expect(mentionQueryAt('mail ann@example.com', 20)).toBeNull();
    expect(mentionQueryAt('Hi @ann and', 11)).toBeNull();
    expect(mentionQueryAt(`@[Ann Lee](${ID})`, 48)).toBeNull();
  });
});

describe('insertMention', () => {
  it("writes the forum's mention format in place of the @word", () => {
    const content = 'Hi @an, welcome';
    const edit = insertMention(content, { start: 3, text: 'an' }, 6, { id: ID, name: 'Ann [Lee]' });
    expect(edit.text).toBe(`Hi @[Ann  Lee](${ID}) , welcome`);
    expect(edit.text.slice(0, edit.caret)).toBe(`Hi @[Ann  Lee](${ID}) `);
  });
});
