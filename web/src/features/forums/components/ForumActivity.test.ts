import { describe, expect, it } from 'vitest';
import { aDiscussion } from '../testing/forum-fixtures.ts';
import { latestActivity } from './ForumActivity.tsx';

describe('latestActivity', () => {
  it('is the newest reply or discussion, with its author and their picture', () => {
    const older = aDiscussion({
      id: 'd-1',
      title: 'Older',
      createdAt: '2025-01-01T10:00:00Z',
      lastReplyTimestamp: '2025-03-01T10:00:00Z',
      lastReplyAuthor: { firstName: 'Rita', lastName: 'Replies', profileImageUrl: '/api/profile-pictures/rita.webp' },
    });
    const newer = aDiscussion({
      id: 'd-2',
      title: 'Newer',
      createdAt: '2025-02-01T10:00:00Z',
      lastReplyTimestamp: null,
    });
    expect(latestActivity([newer, older])).toMatchObject({
      at: '2025-03-01T10:00:00Z',
      title: 'Older',
      author: { firstName: 'Rita', profileImageUrl: '/api/profile-pictures/rita.webp' },
    });
    expect(latestActivity([newer])).toMatchObject({ at: '2025-02-01T10:00:00Z', title: 'Newer' });
    expect(latestActivity([])).toBeNull();
  });
});
