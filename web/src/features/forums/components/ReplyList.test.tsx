import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';
import { stubApi } from '../../../test/fake-api.ts';
import { aReply } from '../testing/forum-fixtures.ts';
import { ReplyList } from './ReplyList.tsx';

const DISCUSSION = 'discussion-1';
const PICTURE = '/api/profile-pictures/alan.webp';

describe('reply list', () => {
  it('shows each author’s picture from the replies and asks for no profile', async () => {
    const withPicture = aReply({
      id: 'reply-1',
      author: {
        id: 'author-2',
        firstName: 'Alan',
        lastName: 'Turing',
        accessLevel: 'Master',
        profileImageUrl: PICTURE,
      },
    });
    const withoutPicture = aReply({
      id: 'reply-2',
      authorId: 'author-3',
      author: { id: 'author-3', firstName: 'Rita', lastName: 'Replies', accessLevel: 'Core', profileImageUrl: null },
    });
    const fetchMock = stubApi({
      [`GET /api/discussions/${DISCUSSION}/replies`]: () => ({ status: 200, body: [withPicture, withoutPicture] }),
    });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <ReplyList discussionId={DISCUSSION} viewerId="viewer-1" />
      </AppProviders>,
    );

    const replies = within(await screen.findByRole('list', { name: 'Replies' })).getAllByRole('listitem');
    expect(replies[0]!.querySelector('img')?.getAttribute('src')).toBe(PICTURE);
    // No picture: the initial stands in its place.
    expect(replies[1]!.querySelector('img')).toBeNull();
    expect(within(replies[1]!).getByText('R')).toBeTruthy();
    const paths = fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost').pathname);
    expect(paths).toEqual([`/api/discussions/${DISCUSSION}/replies`]);
  });
});
