import { describe, expect, it } from 'vitest';
import { filterCovers, subjectMatches } from './subjects.ts';

describe('subject wildcards', () => {
  it.each([
    ['auth.user.created', 'auth.user.created', true],
    ['auth.user.*', 'auth.user.created', true],
    ['auth.user.*', 'auth.user.session.revoked', false],
    ['auth.*.created', 'auth.user.created', true],
    ['auth.>', 'auth.user.session.revoked', true],
    ['auth.>', 'auth', false],
    ['auth.user', 'auth.user.created', false],
  ])('matches %s against the subject %s: %s', (filter, subject, matches) => {
    expect(subjectMatches(filter, subject)).toBe(matches);
  });

  it.each([
    ['auth.>', 'auth.user.*', true],
    ['auth.>', 'auth.>', true],
    ['auth.*.created', 'auth.user.created', true],
    ['auth.user.*', 'auth.>', false],
    ['auth.user.created', 'auth.user.*', false],
    ['forum.>', 'auth.user.*', false],
  ])('decides whether %s covers every subject of %s: %s', (outer, inner, covers) => {
    expect(filterCovers(outer, inner)).toBe(covers);
  });
});
