import { describe, expect, it } from 'vitest';
import { plainSnippet, snippetParts } from './snippet-text.ts';

describe('plainSnippet', () => {
  it('drops markdown marks and keeps the words', () => {
    expect(plainSnippet('Share the «format» your team uses, and **why** it works.')).toBe(
      'Share the «format» your team uses, and why it works.',
    );
    expect(plainSnippet('## Agenda\n- read the [notes](https://x.test/a) and `npm test`\n> quoted _idea_')).toBe(
      'Agenda read the notes and npm test quoted idea',
    );
  });

  it('keeps underscores inside words', () => {
    expect(plainSnippet('the snake_case «name»')).toBe('the snake_case «name»');
  });
});

describe('snippetParts', () => {
  it('marks the matched words, starting with the first word', () => {
    expect(snippetParts('«Retrospectives» matter. We **run** them')).toEqual([
      { text: 'Retrospectives', matched: true },
      { text: ' matter. We run them', matched: false },
    ]);
  });
});
