import { describe, expect, it } from 'vitest';
import { forumSearch, readForumLocation, viewOf, withForumSearch } from './forum-location.ts';

describe('forum location', () => {
  it('carries a linked reply with its discussion, and never without one', () => {
    const location = readForumLocation(new URLSearchParams('discussion=d-1&reply=r-9'));
    expect(location).toMatchObject({ discussion: 'd-1', reply: 'r-9' });
    expect(viewOf(location)).toBe('discussion');
    expect(forumSearch(location)).toBe('?discussion=d-1&reply=r-9');
    expect(forumSearch({ reply: 'r-9' })).toBe('');
  });

  it('replaces the search in the URL, so one form and one set of results follow it', () => {
    const first = withForumSearch(new URLSearchParams('level=Master'), {
      query: 'retro',
      category: 'all',
      sortBy: 'relevance',
    });
    const second = withForumSearch(first, { query: 'stand-up', category: 'Master', sortBy: 'newest' });
    expect(second.toString()).toBe('level=Master&q=stand-up&in=Master&sort=newest');
    expect(withForumSearch(second, null).toString()).toBe('level=Master');
  });
});
