import { FORUM_MESSAGES } from '@crucible/proto';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';
import { stubApi } from '../../../test/fake-api.ts';
import { aDiscussionDetail, aReply } from '../testing/forum-fixtures.ts';
import { REPLY_DELETED_TEXT, ReplyList } from './ReplyList.tsx';

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
        <MemoryRouter>
          <ReplyList discussion={aDiscussionDetail({ id: DISCUSSION })} viewerId="viewer-1" />
        </MemoryRouter>
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

describe('reply actions', () => {
  const mine = aReply({ id: 'reply-mine', authorId: 'viewer-1', content: 'Mine' });
  const theirs = aReply({ id: 'reply-theirs', authorId: 'author-9', content: 'Theirs' });
  const gone = aReply({ id: 'reply-gone', isDeleted: true, content: '', contentHtml: '' });

  function renderList(canModerate: boolean) {
    stubApi({ [`GET /api/discussions/${DISCUSSION}/replies`]: () => ({ status: 200, body: [mine, theirs, gone] }) });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <MemoryRouter>
          <ReplyList discussion={aDiscussionDetail({ id: DISCUSSION, canModerate })} viewerId="viewer-1" />
        </MemoryRouter>
      </AppProviders>,
    );
  }

  it("keeps a deleted reply's place with a placeholder and offers edit and delete on one's own replies only", async () => {
    renderList(false);
    const replies = within(await screen.findByRole('list', { name: 'Replies' })).getAllByRole('listitem');
    expect(replies[2]!.textContent).toBe(REPLY_DELETED_TEXT);
    await userEvent.click(within(replies[0]!).getByRole('button', { name: /Actions for the reply/ }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Reply with quote',
      'Edit',
      'Delete',
      'Copy link',
    ]);
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(replies[1]!).getByRole('button', { name: /Actions for the reply/ }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Reply with quote', 'Copy link']);
  });

  it("asks a moderator deleting another member's reply for the reason", async () => {
    renderList(true);
    const replies = within(await screen.findByRole('list', { name: 'Replies' })).getAllByRole('listitem');
    await userEvent.click(within(replies[1]!).getByRole('button', { name: /Actions for the reply/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this reply?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(within(dialog).getByText(FORUM_MESSAGES.deleteReasonRequired)).toBeTruthy();
  });
});
